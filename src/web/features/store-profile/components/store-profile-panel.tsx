import {
  STORE_PROFILE_FIELDS,
  STORE_PROFILE_LABELS,
  type StoreProfile,
  type StoreProfileBody,
  storeProfileSchema,
} from '@shared/schemas/store-profile';
import { useQueryClient } from '@tanstack/react-query';
import { storeProfileQueryOptions, useStoreProfile } from '@web/api/get-store-profile';
import { Button } from '@web/components/ui/button';
import { Field, fieldAria, inputClasses } from '@web/components/ui/form-controls';
import { Panel } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { apiFetch } from '@web/lib/api-client';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { Store } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

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
  return apiFetch<StoreProfile>('/api/store-profile', {
    method: 'PUT',
    body: JSON.stringify(profile),
  });
}

function StoreProfileForm({ profile }: { profile: StoreProfile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<StoreProfileBody, unknown, StoreProfile>({
    defaultValues: profile,
    resolver: profileResolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  async function save(values: StoreProfile) {
    try {
      const saved = await saveStoreProfile(values);
      queryClient.setQueryData(storeProfileQueryOptions().queryKey, saved);
      form.reset(saved);
      toast({ title: 'Store profile saved.', variant: 'success' });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      toast({
        title: 'Error',
        description: 'Failed to save the store profile. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid gap-4 md:grid-cols-2">
        {FORM_ORDER.map((field) => {
          const fieldId = `${id}-${field}`;
          const error = errors[field]?.message;
          return (
            <Field
              key={field}
              label={LABELS[field]}
              htmlFor={fieldId}
              error={error}
              hint={HINTS[field]}
              className={field === 'pickupAddress' ? 'md:col-span-2' : undefined}
            >
              <input
                id={fieldId}
                type={field === 'phone' ? 'tel' : 'text'}
                className={inputClasses}
                {...fieldAria(fieldId, error, true)}
                {...form.register(field)}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save Store Profile'}
        </Button>
      </div>
    </form>
  );
}

/** The shop's facts for shoppers: footer, Pickup tab and cart (issue 15). */
export function StoreProfilePanel({ id }: { id?: string }) {
  const profile = useStoreProfile();
  return (
    <Panel
      id={id}
      title="Store Profile"
      description="What shoppers see about your shop. Leave a line empty to hide it."
      icon={<Store aria-hidden="true" className="h-5 w-5" />}
    >
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
