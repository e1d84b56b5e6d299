import {
  STORE_PROFILE_FIELDS,
  STORE_PROFILE_LABELS,
  type StoreProfile,
  type StoreProfileBody,
  storeProfileSchema,
} from '@shared/schemas/store-profile';
import { storeProfileQueryOptions, useStoreProfile } from '@web/api/get-store-profile';
import { TextField } from '@web/components/ui/form-controls';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { SettingsForm } from '@web/components/ui/settings-form';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSettingsForm } from '@web/hooks/use-settings-form';
import { useTextFields } from '@web/hooks/use-text-fields';
import { sendJson } from '@web/lib/api-client';
import { labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { Store } from 'lucide-react';

const HEADING: PanelHeading = {
  title: 'Store Profile',
  description: 'What shoppers see about your shop. Leave a line empty to hide it.',
  icon: <Store aria-hidden="true" className="h-5 w-5" />,
};

const LABELS = STORE_PROFILE_LABELS;

const HINTS: Record<keyof StoreProfile, string> = {
  shopName: 'Shown in the footer.',
  legalName: 'As on your state licence; printed on every receipt.',
  pickupAddress: 'Shown on the Pickup tab and in the footer.',
  openingHours: 'e.g. Mon-Sat 10 AM - 9 PM',
  phone: 'Shoppers can call it from the footer.',
  licenseNumber: 'Your state licence, printed in the footer.',
  deliveryArea: 'Shown in the cart beside the delivery fee.',
  paymentMethods: 'e.g. Cash or debit card at the door',
};

/** Form order: short lines in pairs, the address across the row. */
const FORM_ORDER: (keyof StoreProfile)[] = [
  'shopName',
  'phone',
  'pickupAddress',
  'openingHours',
  'legalName',
  'licenseNumber',
  'deliveryArea',
  'paymentMethods',
];

const fieldFor = (path: string) =>
  STORE_PROFILE_FIELDS.find((field) => field === path) as keyof StoreProfile | undefined;

const profileResolver = schemaResolver(storeProfileSchema, {
  fieldFor,
  sentence: labelledSentence(LABELS),
});

function saveStoreProfile(profile: StoreProfile) {
  return sendJson<StoreProfile>('PUT', '/api/store-profile', profile);
}

function StoreProfileForm({ profile }: { profile: StoreProfile }) {
  const { form, formProps } = useSettingsForm({
    saved: profile,
    toForm: (saved: StoreProfile): StoreProfileBody => saved,
    resolver: profileResolver,
    fieldFor,
    save: saveStoreProfile,
    queryKey: storeProfileQueryOptions().queryKey,
    what: 'store profile',
  });
  const field = useTextFields(form, LABELS);
  return (
    <SettingsForm {...formProps} saveLabel="Save Store Profile">
      <div className="grid gap-4 md:grid-cols-2">
        {FORM_ORDER.map((name) => (
          <TextField
            key={name}
            {...field(name)}
            hint={HINTS[name]}
            type={name === 'phone' ? 'tel' : 'text'}
            className={name === 'pickupAddress' ? 'md:col-span-2' : undefined}
          />
        ))}
      </div>
    </SettingsForm>
  );
}

/** The shop's facts for shoppers: footer, Pickup tab and cart. */
export function StoreProfilePanel({ id }: { id?: string }) {
  const profile = useStoreProfile();
  return (
    <Panel id={id} {...HEADING}>
      {profile.data ? (
        <StoreProfileForm profile={profile.data} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      )}
    </Panel>
  );
}
