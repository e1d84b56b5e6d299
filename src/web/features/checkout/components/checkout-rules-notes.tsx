import type { LimitStatus } from '@shared/compliance/limits';
import { formatGrams, limitLeftText } from '@shared/compliance/limits';
import { outsideDeliveryAreaMessage, type ZoneLookup } from '@shared/compliance/zones';
import { formatCents, formatCentsShort } from '@shared/money';
import { clsx } from 'clsx';
import { MapPinOff, Truck } from 'lucide-react';

/** Which delivery zone the postal code falls in, or that we don't deliver there. */
export function DeliveryZoneNote({ zone }: { zone: ZoneLookup }) {
  if (zone.kind === 'anywhere') return null;
  if (zone.kind === 'outside' && !zone.postalCode) {
    return (
      <p data-testid="delivery-zone" className="text-xs text-muted">
        We deliver by area: your postal code shows your delivery fee and minimum.
      </p>
    );
  }
  if (zone.kind === 'outside') {
    return (
      <p
        role="status"
        data-testid="delivery-zone"
        className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium"
      >
        <MapPinOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
        <span>
          {outsideDeliveryAreaMessage(zone.postalCode)}. Choose Pickup, or another address.
        </span>
      </p>
    );
  }
  const { name, note } = zone.zone;
  const { feeCents, minimumCents, freeDeliveryOverCents } = zone.terms;
  const terms = [
    `${formatCents(feeCents)} delivery`,
    `${formatCentsShort(minimumCents)} minimum`,
    freeDeliveryOverCents === null ? null : `free over ${formatCentsShort(freeDeliveryOverCents)}`,
    note,
  ].filter(Boolean);
  return (
    <p
      data-testid="delivery-zone"
      className="flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2 text-xs text-muted"
    >
      <Truck aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0 text-primary" />
      <span>
        <span className="font-semibold text-fg">{name}</span>:{' '}
        {/* a term never breaks inside ("45-90 min"), only between terms */}
        {terms.map((term, index) => (
          <span key={term}>
            {index > 0 && ' · '}
            <span className="whitespace-nowrap">{term}</span>
          </span>
        ))}
      </span>
    </p>
  );
}

/** How much of each daily limit this cart takes; nothing under a rule set without. */
export function LimitMeter({ limits }: { limits: readonly LimitStatus[] }) {
  const counted = limits.filter((status) => status.cartGrams > 0);
  if (counted.length === 0) return null;
  return (
    <ul
      className="flex flex-col gap-2"
      aria-label="Daily purchase limits"
      data-testid="limit-meter"
    >
      {counted.map((status) => {
        const share = Math.min(1, status.cartGrams / status.limitGrams);
        return (
          <li key={status.kind} className="flex flex-col gap-1 text-xs">
            <div className="flex justify-between gap-2">
              <span className="font-medium">
                {formatGrams(status.cartGrams)} of {formatGrams(status.limitGrams)} {status.label}{' '}
                daily limit
              </span>
              <span className={clsx('text-muted', status.over && 'font-semibold text-danger')}>
                {status.over ? 'Over the limit' : limitLeftText(status)}
              </span>
            </div>
            {/* the line above says it in words; the bar is for the eye */}
            <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-surface-2">
              <div
                className={clsx('h-full rounded-full', status.over ? 'bg-danger' : 'bg-primary')}
                style={{ width: `${share * 100}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
