import { useStoreProfile } from '@web/api/get-store-profile';
import { Clock, type LucideIcon, MapPin, Wallet } from 'lucide-react';

function PickupFact({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 text-primary" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Where to pick the order up, from the store profile (nothing when the shop left it out). */
export function PickupDetails() {
  const { data: profile } = useStoreProfile();
  if (!profile?.pickupAddress && !profile?.openingHours) return null;
  return (
    <dl
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2/50 p-3 text-sm"
      data-testid="pickup-details"
    >
      {profile.pickupAddress && (
        <PickupFact icon={MapPin} label="Pickup address" value={profile.pickupAddress} />
      )}
      {profile.openingHours && (
        <PickupFact icon={Clock} label="Opening hours" value={profile.openingHours} />
      )}
    </dl>
  );
}

function Term({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
      <span>{children}</span>
    </li>
  );
}

/** The delivery area and payment methods, beside the fee and the minimum in the cart. */
export function DeliveryTerms() {
  const { data: profile } = useStoreProfile();
  if (!profile?.deliveryArea && !profile?.paymentMethods) return null;
  return (
    <ul className="flex flex-col gap-1.5 text-xs text-muted" data-testid="delivery-terms">
      {profile.deliveryArea && (
        <Term icon={MapPin}>{`We deliver to ${profile.deliveryArea}.`}</Term>
      )}
      {profile.paymentMethods && <Term icon={Wallet}>{`Payment: ${profile.paymentMethods}`}</Term>}
    </ul>
  );
}
