import type { ComponentProps, ReactNode } from 'react';
import { PageHeader } from './page-header';

/** A back-office page: its header, then its sections in one column. */
export function PageLayout({
  children,
  ...header
}: ComponentProps<typeof PageHeader> & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader {...header} />
      {children}
    </div>
  );
}
