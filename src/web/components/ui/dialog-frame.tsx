import { Modal } from '@web/components/ui/modal';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { CloseButton } from './icon-button';

/** A titled dialog panel on the shared Modal: scrolling body, sticky footer on small screens. */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  footer,
  size = 'md',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId}>
      <div
        className={clsx(
          'flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] flex-col overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-2xl sm:max-h-[80dvh]',
          size === 'sm' && 'sm:w-[28rem]',
          size === 'md' && 'sm:w-[34rem]',
          size === 'lg' && 'sm:w-[46rem]',
        )}
      >
        <header className="flex items-start gap-3 border-b border-line px-5 py-4">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold leading-tight">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          <CloseButton onClick={onClose} className="-m-1.5 text-muted hover:text-fg" />
        </header>
        {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
        {footer && (
          <footer className="flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-5 py-3">
            {footer}
          </footer>
        )}
      </div>
    </Modal>
  );
}
