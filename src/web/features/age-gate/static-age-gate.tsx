import { renderToStaticMarkup } from 'react-dom/server';
import { AgeGatePanel, LEAVE_URL, STATIC_AGE_GATE_ID } from './components/age-gate-panel';

/** Not the React gate's title id: both can be in the page for a moment. */
export const STATIC_AGE_GATE_TITLE_ID = 'age-gate-static-title';

/** Where the static gate's YES goes: GET /age-verified sets the cookie and returns to `nextPath`. */
export function ageVerifiedHref(nextPath: string): string {
  return `/age-verified?next=${encodeURIComponent(nextPath)}`;
}

/**
 * Decision 010: the age gate the server puts over a rendered page for a shopper without the
 * age cookie, so it can be seen and passed with scripts off. It looks like the React gate
 * (the Modal's full variant: a viewport-wide box over a dimmed, blurred page), with links
 * for answers. Server-safe: nothing here touches window or document.
 */
export function staticAgeGateHtml(nextPath: string): string {
  return renderToStaticMarkup(
    <div
      id={STATIC_AGE_GATE_ID}
      role="dialog"
      aria-modal="true"
      aria-labelledby={STATIC_AGE_GATE_TITLE_ID}
      className="fixed inset-0 z-[1000] overflow-auto overscroll-contain bg-black/60 backdrop-blur-[2px]"
    >
      <AgeGatePanel
        titleId={STATIC_AGE_GATE_TITLE_ID}
        confirm={{ href: ageVerifiedHref(nextPath) }}
        leave={{ href: LEAVE_URL }}
      />
    </div>,
  );
}
