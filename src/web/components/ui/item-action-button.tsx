import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';

/**
 * A small button acting on one item of a back-office list (Edit, Delete …): its accessible
 * name says which item ("Delete Blue Dream"), whatever its words show; a destructive one is
 * drawn in the danger colour.
 */
export function ItemActionButton({
  icon: Icon,
  label,
  words,
  title,
  danger = false,
  variant = 'ghost',
  className,
  onClick,
}: {
  icon: LucideIcon;
  /** the accessible name, naming the item */
  label: string;
  /** what the button shows beside its icon, if anything */
  words?: ReactNode;
  /** a tooltip, where the button shows its icon alone */
  title?: string;
  danger?: boolean;
  variant?: ButtonVariant;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={onClick}
      aria-label={label}
      title={title}
      className={clsx(className, danger && 'text-danger') || undefined}
    >
      <Icon aria-hidden="true" className={clsx('h-4 w-4', danger && 'text-danger')} />
      {words}
    </Button>
  );
}
