import { clsx } from 'clsx';
import { Leaf } from 'lucide-react';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={clsx('inline-flex items-center gap-2 font-extrabold tracking-tight', className)}
    >
      <span className="grid h-9 w-9 place-items-center rounded-xl bg-primary text-primary-fg">
        <Leaf aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="brand-text text-xl">Canopy</span>
    </span>
  );
}
