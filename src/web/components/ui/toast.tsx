import { TIMERS } from '@shared/constants';
import { createStore, useStore } from '@web/lib/create-store';
import { clsx } from 'clsx';
import { useEffect } from 'react';
import { CloseButton } from './icon-button';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  durationMs?: number;
  /** one button in the toast, e.g. Undo; pressing it dismisses the toast */
  action?: { label: string; onClick: () => void };
}

interface ActiveToast extends ToastInput {
  id: number;
}

/** One toast at a time (spec §2.2): a new one replaces the current one. */
const toastStore = createStore<ActiveToast | null>(null);
let nextId = 1;

export function toast(input: ToastInput): void {
  toastStore.set({ ...input, id: nextId++ });
}

export function dismissToast(): void {
  toastStore.set(null);
}

export function Toaster() {
  const current = useStore(toastStore);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(dismissToast, current.durationMs ?? TIMERS.toastMs);
    return () => window.clearTimeout(timer);
  }, [current]);

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:bottom-0 sm:top-auto sm:justify-end"
    >
      {current && (
        <div
          key={current.id}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={clsx(
            'pointer-events-auto flex w-full max-w-[420px] items-start gap-3 rounded-2xl border p-4 shadow-2xl animate-[toast-in_200ms_ease-out]',
            current.variant === 'destructive'
              ? 'border-danger bg-danger text-danger-fg'
              : 'border-line bg-surface text-fg',
          )}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{current.title}</p>
            {current.description && (
              <p
                className={clsx(
                  'mt-1 text-sm',
                  current.variant === 'destructive' ? 'opacity-90' : 'text-muted',
                )}
              >
                {current.description}
              </p>
            )}
          </div>
          {current.action && (
            <button
              type="button"
              onClick={() => {
                current.action?.onClick();
                dismissToast();
              }}
              className="shrink-0 rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {current.action.label}
            </button>
          )}
          <CloseButton
            label="Dismiss notification"
            onClick={dismissToast}
            iconClassName="h-4 w-4"
            className="-m-2 opacity-70 hover:bg-transparent hover:opacity-100"
          />
        </div>
      )}
    </section>
  );
}
