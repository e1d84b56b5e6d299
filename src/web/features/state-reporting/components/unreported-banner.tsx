import { useOverdueReports } from '@web/api/get-state-reporting';
import { paths } from '@web/lib/paths';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';

/**
 * The back office's warning when sales are unreported to Metrc past the deadline (DCC
 * §15049(b)(8): within 24 hours of the sale). Shown to those who may open State reporting.
 */
export function UnreportedBanner({ enabled }: { enabled: boolean }) {
  const overdue = useOverdueReports(enabled);
  const count = overdue.data?.overdue ?? 0;
  if (!enabled || count === 0) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-danger bg-danger/10 px-4 py-3 text-sm"
    >
      <AlertTriangle aria-hidden="true" className="h-5 w-5 text-danger" />
      <p className="flex-1">
        {count} {count === 1 ? 'sale is' : 'sales are'} not reported to Metrc after{' '}
        {overdue.data?.hours} hours.
      </p>
      <Link href={paths.stateReporting} className="font-semibold text-primary underline">
        Open State reporting
      </Link>
    </div>
  );
}
