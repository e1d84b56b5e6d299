import { clsx } from 'clsx';
import { type LucideIcon, X } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** the accessible name: an icon alone says nothing to a screen reader */
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
}

/** A 44 px square button showing only an icon (close, previous, next ...). */
export function IconButton({
  label,
  icon: Icon,
  iconClassName = 'h-5 w-5',
  className,
  type = 'button',
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={clsx(
        'grid h-11 w-11 shrink-0 place-items-center rounded-xl hover:bg-surface-2',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className={iconClassName} />
    </button>
  );
}

/** The close (X) button of dialogs, sheets and panels. */
export function CloseButton({
  label = 'Close',
  ...props
}: Omit<IconButtonProps, 'icon' | 'label'> & { label?: string }) {
  return <IconButton label={label} icon={X} {...props} />;
}
