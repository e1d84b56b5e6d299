import { useStoreProfile } from '@web/api/get-store-profile';
import { Clock, type LucideIcon, MapPin, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

function Fact({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** The footer's shop facts from the store profile; lines the shop left empty are not shown. */
export default function ShopFacts() {
  const { data: profile } = useStoreProfile();
  if (!profile) return null;
  const { shopName, pickupAddress, openingHours, phone, licenseNumber } = profile;
  if (!shopName && !pickupAddress && !openingHours && !phone && !licenseNumber) return null;
  return (
    <address className="flex flex-col gap-2 text-sm not-italic text-muted">
      {shopName && <p className="font-semibold text-fg">{shopName}</p>}
      <ul className="flex flex-col gap-1.5">
        {pickupAddress && <Fact icon={MapPin}>{pickupAddress}</Fact>}
        {openingHours && <Fact icon={Clock}>{openingHours}</Fact>}
        {phone && (
          <Fact icon={Phone}>
            <a
              className="text-primary underline-offset-2 hover:underline"
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            >
              {phone}
            </a>
          </Fact>
        )}
        {licenseNumber && <Fact icon={ShieldCheck}>Licence {licenseNumber}</Fact>}
      </ul>
    </address>
  );
}
