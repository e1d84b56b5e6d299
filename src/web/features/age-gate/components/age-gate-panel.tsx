import { AGE_THRESHOLD } from '@shared/constants';
import { Button, type ButtonVariant, buttonClasses } from '@web/components/ui/button';
import { Leaf } from 'lucide-react';
import type { ReactNode } from 'react';

/** id of the server's static gate (decision 010), which the React gate removes when it mounts. */
export const STATIC_AGE_GATE_ID = 'age-gate-static';

/** Where NO sends a shopper under age. */
export const LEAVE_URL = 'https://www.google.com';

/** A gate answer: a button while scripts run, a plain link in the static gate (scripts off). */
export type AgeGateAction = { onClick: () => void } | { href: string };

export interface AgeGatePanelProps {
  /** id of the title, which names the dialog around the panel */
  titleId: string;
  confirm: AgeGateAction;
  leave: AgeGateAction;
}

/** Spec §2.2: the age question and its two answers; the same markup in the React gate and the static one. */
export function AgeGatePanel({ titleId, confirm, leave }: AgeGatePanelProps) {
  return (
    <div className="grid h-full w-full place-items-center bg-bg/95 p-6">
      <div className="w-full max-w-sm rounded-3xl border border-line bg-surface p-8 text-center shadow-2xl">
        <div className="mx-auto mb-5 grid h-16 w-16 place-items-center rounded-2xl bg-primary text-primary-fg">
          <Leaf aria-hidden="true" className="h-8 w-8" />
        </div>
        <h2 id={titleId} className="text-2xl font-bold">
          Are you {AGE_THRESHOLD} or older?
        </h2>
        <p className="mt-2 text-sm text-muted">You must be of legal age to enter this site.</p>
        <div className="mt-8 flex flex-col gap-3">
          <Answer action={confirm} variant="primary" autofocus>
            YES, I'M {AGE_THRESHOLD}+
          </Answer>
          <Answer action={leave} variant="outline">
            NO, I'M UNDER {AGE_THRESHOLD}
          </Answer>
        </div>
      </div>
    </div>
  );
}

function Answer({
  action,
  variant,
  autofocus,
  children,
}: {
  action: AgeGateAction;
  variant: ButtonVariant;
  /** the Modal focuses this one when it opens */
  autofocus?: boolean;
  children: ReactNode;
}) {
  if ('href' in action)
    return (
      // biome-ignore lint/a11y/useSemanticElements: a link so the static gate works without scripts; it reads as the button it looks like
      <a role="button" href={action.href} className={buttonClasses(variant, 'lg')}>
        {children}
      </a>
    );
  return (
    <Button
      size="lg"
      variant={variant}
      onClick={action.onClick}
      data-autofocus={autofocus || undefined}
    >
      {children}
    </Button>
  );
}
