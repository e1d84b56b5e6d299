import type { ReportingEntry } from '@shared/metrc';
import { useQueryClient } from '@tanstack/react-query';
import {
  stateReportingKeys,
  useConnectionTest,
  useReconciliation,
  useReportingDay,
  useStateReporting,
} from '@web/api/get-state-reporting';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { inputClasses } from '@web/components/ui/form-controls';
import { PageHeader } from '@web/components/ui/page-header';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { postJson } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-messages';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import { CalendarCheck, Landmark, PlugZap, RefreshCw, Scale, Send } from 'lucide-react';
import { useId, useState } from 'react';

const STATUS: Record<ReportingEntry['status'], { label: string; tone: BadgeTone }> = {
  sent: { label: 'Reported', tone: 'primary' },
  pending: { label: 'Pending', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'neutral' },
  failed: { label: 'Refused', tone: 'danger' },
};

/** Metrc's units as the shop says them: 2 units, 3.5 g. */
const amount = (quantity: number, unit: string) =>
  unit === 'Grams' ? `${quantity} g` : `${quantity} ${quantity === 1 ? 'unit' : 'units'}`;

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Resending a refused report, with the tags corrected where the owner typed a new one. */
function ResendForm({ entry }: { entry: ReportingEntry }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [tags, setTags] = useState(() => entry.transactions.map((t) => t.packageLabel));
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const corrections = tags
        .map((packageLabel, index) => ({ index, packageLabel: packageLabel.trim() }))
        .filter((c) => c.packageLabel !== entry.transactions[c.index]?.packageLabel);
      await postJson(`/api/state-reporting/entries/${entry.id}/resend`, { corrections });
      toast({ title: 'Sent again', description: `Order #${entry.orderId} is queued for Metrc.` });
      await queryClient.invalidateQueries({ queryKey: stateReportingKeys.all });
    } catch (error) {
      toast({ title: 'Not sent', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger/5 p-3">
      <p className="text-sm">
        <span className="font-semibold">Metrc said:</span> {entry.error}
      </p>
      {entry.transactions.map((t, index) => (
        <label
          key={`${t.packageLabel}-${index}`}
          htmlFor={`${id}-${index}`}
          className="flex flex-col gap-1 text-sm"
        >
          <span>Package tag ({amount(t.quantity, t.unitOfMeasure)})</span>
          <input
            id={`${id}-${index}`}
            value={tags[index] ?? ''}
            onChange={(e) =>
              setTags((all) => all.map((v, i) => (i === index ? e.target.value : v)))
            }
            className={clsx(inputClasses, 'font-mono')}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
      ))}
      <Button size="sm" onClick={() => void resend()} disabled={busy} className="self-start">
        <Send aria-hidden="true" className="h-4 w-4" /> Resend to Metrc
      </Button>
    </div>
  );
}

function DayEntries({ date }: { date: string }) {
  const day = useReportingDay(date);
  const reconciliation = useReconciliation(date);
  if (day.isPending) return <Skeleton className="h-24" />;
  if (day.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(day.error)}
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" aria-label={`Reports of ${dayLabel(date)}`}>
        {day.data.entries.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-line px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium">
                Order #{entry.orderId} · {entry.customer}
                {entry.kind === 'return' && ' · return'}
                {entry.kind === 'delivery' && ' · delivery'}
              </p>
              <Badge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</Badge>
            </div>
            <p className="text-xs text-muted">
              {entry.metrcId !== null ? `Metrc id ${entry.metrcId}` : entry.externalNumber}
              {' · '}
              {entry.transactions
                .map(
                  (t) => `${amount(t.quantity, t.unitOfMeasure)} from …${t.packageLabel.slice(-6)}`,
                )
                .join(', ') || 'nothing left to report'}
              {entry.sentAt && ` · ${format(new Date(entry.sentAt), 'h:mm a')}`}
            </p>
            {entry.status === 'pending' && entry.error && (
              <p className="text-xs text-muted">Last try: {entry.error}</p>
            )}
            {entry.status === 'failed' && <ResendForm entry={entry} />}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={reconciliation.isFetching}
          onClick={() => void reconciliation.refetch()}
        >
          <Scale aria-hidden="true" className="h-4 w-4" /> Reconcile with Metrc
        </Button>
        {reconciliation.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorText(reconciliation.error)}
          </p>
        )}
        {reconciliation.data && (
          <div role="status" className="text-sm">
            <p>
              The shop has {reconciliation.data.ours}{' '}
              {reconciliation.data.ours === 1 ? 'sale' : 'sales'} this day; Metrc lists{' '}
              {reconciliation.data.theirs}.{' '}
              {reconciliation.data.differences.length === 0 && 'No differences.'}
            </p>
            {reconciliation.data.differences.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-danger">
                {reconciliation.data.differences.map((d) => (
                  <li key={`${d.externalNumber}-${d.metrcId}`}>{d.problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

const DAYS: PanelHeading = {
  title: 'Days',
  description: 'Each handed-over sale and each return after handover, by the shop day of the sale.',
  icon: <CalendarCheck aria-hidden="true" className="h-5 w-5" />,
};

/** The owner's State reporting page. */
export default function StateReportingPage() {
  const overview = useStateReporting();
  const connection = useConnectionTest();
  const [open, setOpen] = useState<string | null>(null);
  const days = overview.data?.days ?? [];
  const shown = open ?? days[0]?.date ?? null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={<Landmark aria-hidden="true" className="h-7 w-7 text-primary" />}
        title="State reporting"
        description={
          overview.data?.configured
            ? `Sales reported to Metrc for licence ${overview.data.licenseNumber}.`
            : 'Sales are not reported to Metrc: its settings are not set.'
        }
      />
      <Panel
        id="metrc-connection"
        title="Connection"
        icon={<PlugZap aria-hidden="true" className="h-5 w-5" />}
        description={
          overview.data?.configured
            ? "Metrc's API for the shop's licence"
            : 'Set METRC_API_BASE, METRC_VENDOR_KEY, METRC_USER_KEY and METRC_LICENSE_NUMBER to report.'
        }
        actions={
          <Button
            variant="outline"
            disabled={connection.isFetching}
            onClick={() => void connection.refetch()}
          >
            <RefreshCw
              aria-hidden="true"
              className={clsx('h-4 w-4', connection.isFetching && 'animate-spin')}
            />
            Test connection
          </Button>
        }
      >
        {connection.data ? (
          <p role="status" className={clsx('text-sm', !connection.data.ok && 'text-danger')}>
            {connection.data.message}
          </p>
        ) : (
          <p className="text-sm text-muted">
            Test connection asks Metrc which facilities these keys reach and changes nothing.
          </p>
        )}
      </Panel>
      <Panel id="metrc-days" {...DAYS}>
        {overview.data && (
          <p className="mb-3 text-sm text-muted">
            Metrc must have each sale within {overview.data.deadline.hours} hours (
            {overview.data.deadline.source}).
          </p>
        )}
        {overview.isPending ? (
          <Skeleton className="h-32" />
        ) : days.length === 0 ? (
          <p className="text-sm text-muted">No sale to report yet.</p>
        ) : (
          <div className="flex flex-col gap-3">
            {days.map((day) => (
              <section
                key={day.date}
                aria-label={dayLabel(day.date)}
                className="rounded-xl border border-line"
              >
                <button
                  type="button"
                  aria-expanded={shown === day.date}
                  onClick={() => setOpen(shown === day.date ? '' : day.date)}
                  className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-left"
                >
                  <span className="font-semibold">{dayLabel(day.date)}</span>
                  <span className="flex flex-wrap gap-2 text-sm">
                    <span>{day.reported} reported</span>
                    <span className="text-muted">{day.pending} pending</span>
                    <span className={day.failed > 0 ? 'font-semibold text-danger' : 'text-muted'}>
                      {day.failed} refused
                    </span>
                  </span>
                </button>
                {shown === day.date && (
                  <div className="border-t border-line p-3">
                    <DayEntries date={day.date} />
                  </div>
                )}
              </section>
            ))}
          </div>
        )}
      </Panel>
    </div>
  );
}
