import type { AuditQuery } from '@shared/audit';
import { nextDate, shopDayStart } from '@shared/shop-clock';
import { type AuditEntry, useAudit } from '@web/api/get-audit';
import { buttonClasses } from '@web/components/ui/button';
import { PageLayout } from '@web/components/ui/page-layout';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { DayField, SelectField } from '@web/components/ui/value-fields';
import { WhenLoaded } from '@web/components/ui/when-loaded';
import { shopTimeZone, useShopClock } from '@web/lib/shop-clock';
import { Download, FileSpreadsheet, History } from 'lucide-react';
import { useId, useState } from 'react';
import { columnChange, describeEntry, ENTITIES } from '../describe-entry';

const ORDER_RECORDS: PanelHeading = {
  title: 'Order records',
  description:
    'Every order of the shop days you choose, one row each, as a CSV spreadsheet. California asks licensees to keep records for seven years.',
  icon: <FileSpreadsheet aria-hidden="true" className="h-5 w-5" />,
};

const ACTIVITY_LOG: PanelHeading = {
  title: 'Activity log',
  description: 'Newest first, up to 500 entries: narrow the dates to see older ones.',
  icon: <History aria-hidden="true" className="h-5 w-5" />,
};

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function whenOf(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: shopTimeZone(),
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A date field's shop day as the instant it begins (the log keeps UTC times). */
const dayStart = (day: string) =>
  day ? shopDayStart(day, shopTimeZone()).toISOString() : undefined;

function EntryRow({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <li data-testid="audit-entry" className="flex flex-col gap-2 p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-semibold">{describeEntry(entry)}</p>
        <p className="text-xs text-muted tabular-nums">{whenOf(entry.at)}</p>
      </div>
      <p className="text-sm text-muted">
        {entry.staffUsername ?? 'Unknown'}
        {entry.staffRole && ` (${entry.staffRole})`}
        {entry.address && ` · from ${entry.address}`}
      </p>
      {changes.length > 0 && (
        <ul className="flex flex-col gap-0.5 rounded-lg bg-surface-2/50 p-2 font-mono text-xs">
          {changes.slice(0, 12).map(([field, change]) => {
            const { label, from, to } = columnChange(field, change);
            return (
              <li key={field} className="break-all">
                {label}: {shown(from)} → {shown(to)}
              </li>
            );
          })}
          {changes.length > 12 && <li>and {changes.length - 12} more fields</li>}
        </ul>
      )}
    </li>
  );
}

/** The order records of a range of shop days, as a spreadsheet. */
function OrderRecords() {
  const today = useShopClock().date;
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const valid = Boolean(from && to && from <= to);
  return (
    <Panel id="order-records" {...ORDER_RECORDS}>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <DayField label="First day" value={from} onChange={setFrom} />
        <DayField label="Last day" value={to} onChange={setTo} />
        {valid ? (
          <a
            href={`/api/records/orders.csv?from=${from}&to=${to}`}
            download
            className={buttonClasses('primary', 'md')}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download CSV
          </a>
        ) : (
          <p role="alert" className="text-sm text-danger">
            Choose a first day on or before the last day.
          </p>
        )}
      </div>
    </Panel>
  );
}

/**
 * The owner's Activity screen: every change staff made, newest first, for an
 * inspector or for the owner's own questions. Entries cannot be edited or removed.
 */
export default function ActivityPage() {
  const id = useId();
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditQuery = {
    entity: entity || undefined,
    from: dayStart(from),
    to: to ? dayStart(nextDate(to)) : undefined,
  };
  const audit = useAudit(filter);

  return (
    <PageLayout
      title="Activity"
      description="Who changed what, when and from where. The log cannot be edited or deleted."
    >
      <Panel id="activity-log" {...ACTIVITY_LOG}>
        <div className="mb-4 grid gap-4 sm:grid-cols-3">
          <SelectField id={`${id}-entity`} label="What" value={entity} onChange={setEntity}>
            <option value="">Everything</option>
            {Object.entries(ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <DayField label="From (day)" value={from} onChange={setFrom} />
          <DayField label="To (day)" value={to} onChange={setTo} />
        </div>
        <WhenLoaded query={audit} what="The activity log" placeholderClassName="h-40 w-full">
          {(entries) =>
            entries.length === 0 ? (
              <p className="text-sm text-muted">Nothing recorded for these filters.</p>
            ) : (
              <ul
                aria-label="Activity entries"
                className="flex flex-col divide-y divide-line rounded-xl border border-line"
              >
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </ul>
            )
          }
        </WhenLoaded>
      </Panel>
      <OrderRecords />
    </PageLayout>
  );
}
