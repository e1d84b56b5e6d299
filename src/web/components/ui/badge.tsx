import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone =
  | 'neutral'
  | 'sale'
  | 'sold-out'
  | 'sativa'
  | 'indica'
  | 'hybrid'
  | 'primary'
  | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-2 text-fg border border-line',
  primary: 'bg-primary text-primary-fg',
  sale: 'bg-amber-400 text-black',
  // the page's own colours swapped: readable on every theme
  'sold-out': 'bg-fg text-bg',
  danger: 'bg-danger text-danger-fg',
  sativa: 'bg-amber-400 text-black',
  indica: 'bg-violet-600 text-white',
  hybrid: 'bg-emerald-500 text-black',
};

export function strainTone(strain: string): BadgeTone {
  const key = strain.toLowerCase();
  if (key === 'sativa' || key === 'indica' || key === 'hybrid') return key;
  return 'neutral';
}

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
