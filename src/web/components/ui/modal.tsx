import { clsx } from 'clsx';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface ModalProps {
  open: boolean;
  /** Called on Escape and backdrop click; omit to make the modal undismissable. */
  onClose?: () => void;
  /** accessible name */
  label?: string;
  labelledBy?: string;
  variant?: 'center' | 'right' | 'full';
  /** how long the closing animation runs before the dialog leaves the page */
  closeMs?: number;
  className?: string;
  children: ReactNode;
}

/**
 * A modal built on the native <dialog> with showModal(): the page behind is
 * inert, focus stays inside, Escape closes, and focus returns to the opener.
 * Children only render while open (or closing), so closed modals cost nothing.
 */
export function Modal({
  open,
  onClose,
  label,
  labelledBy,
  variant = 'center',
  closeMs = 200,
  className,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);

  if (open && !mounted) setMounted(true);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      setClosing(false);
      if (!dialog.open) {
        dialog.showModal();
        dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      }
      return;
    }
    if (!dialog.open) return;
    setClosing(true);
    const timer = window.setTimeout(() => {
      dialog.close();
      setClosing(false);
      setMounted(false);
    }, closeMs);
    return () => window.clearTimeout(timer);
  }, [open, closeMs]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  if (!mounted) return null;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; the keyboard closes with Escape (the native cancel event)
    <dialog
      ref={ref}
      aria-label={label}
      aria-labelledby={labelledBy}
      data-state={open && !closing ? 'open' : 'closed'}
      className={clsx(
        'modal',
        variant === 'right' && 'sheet-right',
        variant === 'center' && 'modal-center',
        variant === 'full' && 'modal-full',
        className,
      )}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      {children}
    </dialog>
  );
}
