import { useStoreProfile } from '@web/api/get-store-profile';
import { Clock, MapPin, Wallet } from 'lucide-react';

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
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 text-primary" />
            <span className="sr-only">Pickup address</span>
          </dt>
          <dd className="font-medium">{profile.pickupAddress}</dd>
        </div>
      )}
      {profile.openingHours && (
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 text-primary" />
            <span className="sr-only">Opening hours</span>
          </dt>
          <dd>{profile.openingHours}</dd>
        </div>
      )}
    </dl>
  );
}

/** The delivery area and payment methods, beside the fee and the minimum in the cart. */
export function DeliveryTerms() {
  const { data: profile } = useStoreProfile();
  if (!profile?.deliveryArea && !profile?.paymentMethods) return null;
  return (
    <ul className="flex flex-col gap-1.5 text-xs text-muted" data-testid="delivery-terms">
      {profile.deliveryArea && (
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>We deliver to {profile.deliveryArea}.</span>
        </li>
      )}
      {profile.paymentMethods && (
        <li className="flex items-start gap-2">
          <Wallet aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>Payment: {profile.paymentMethods}</span>
        </li>
      )}
    </ul>
  );
}
