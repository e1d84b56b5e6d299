import { clsx } from 'clsx';
import { Skeleton } from './skeleton';

/** A loading list's place: `rows` placeholder rows of `rowClassName`'s height, one under another. */
export function SkeletonList({
  rows,
  rowClassName,
  className,
}: {
  rows: number;
  rowClassName: string;
  className?: string;
}) {
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
