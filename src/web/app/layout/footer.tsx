import { useNearViewport } from '@web/hooks/use-near-viewport';
import { lazyComponent } from '@web/lib/lazy-component';
import { useRenderNow } from '@web/lib/render-env';
import { LogoMark } from './logo';

// The placeholder holds the form's height so nothing shifts when it arrives.
const FORM_PLACEHOLDER = (
  <div aria-hidden="true" className="min-h-[27rem] rounded-2xl border border-line bg-surface" />
);
const ContactForm = lazyComponent(
  () => import('@web/features/contact/components/contact-form'),
  FORM_PLACEHOLDER,
);

/**
 * Below the fold on every page: the form's code (react-hook-form and the shared zod schema,
 * about 60 KB gzip) downloads when the shopper scrolls toward it, not with the first screen.
 */
function ContactFormWhenNear() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="contact-form-slot">
      {near ? <ContactForm /> : FORM_PLACEHOLDER}
    </div>
  );
}

// The shop's facts come from the store profile: a small chunk and one request, after first paint.
const ShopFacts = lazyComponent(() => import('@web/features/store-profile/components/shop-facts'));

/**
 * Footer with the Contact Us form and the logo. `onLogoClick` is where the
 * hidden dealer login (10 clicks, each within 3 s) hooks in.
 */
export function Footer({ onLogoClick }: { onLogoClick?: () => void }) {
  const year = useRenderNow().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 pb-28 md:grid-cols-[1fr_1.2fr] md:gap-16">
        <div className="flex flex-col gap-4">
          <button
            type="button"
            onClick={onLogoClick}
            className="w-fit rounded-xl"
            aria-label="Canopy"
          >
            <LogoMark />
          </button>
          <p className="max-w-sm text-muted">
            Quality cannabis products delivered with exceptional service.
          </p>
          <ShopFacts />
          <p className="text-xs text-muted">
            For adults 21 and over. Please consume responsibly. © {year} Canopy
          </p>
        </div>
        <ContactFormWhenNear />
      </div>
    </footer>
  );
}
