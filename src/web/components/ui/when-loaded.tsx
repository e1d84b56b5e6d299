import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/**
 * A back-office query's place on the page: a placeholder the size of `placeholderClassName`
 * while it loads, a line saying `what` could not be loaded when it failed, else its data.
 */
export function WhenLoaded<T>({
  query,
  what,
  placeholderClassName,
  children,
}: {
  query: UseQueryResult<T>;
  /** what failed to load, as the sentence starts: "The staff list" */
  what: string;
  placeholderClassName: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={placeholderClassName} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {`${what} could not be loaded. Please reload the page.`}
      </p>
    );
  return children(query.data);
}
