import { formatCentsShort, formatPercent, toCents } from '@shared/money';
import {
  type DeliveryZoneBody,
  type DeliveryZoneFields,
  deliveryZoneSchema,
} from '@shared/schemas/zones';
import { useQueryClient } from '@tanstack/react-query';
import { type DeliveryZone, deliveryZoneKeys, useDeliveryZones } from '@web/api/get-delivery-zones';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Field, fieldAria, inputClasses } from '@web/components/ui/form-controls';
import { ItemActionButton } from '@web/components/ui/item-action-button';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { toFormText } from '@web/lib/form-text';
import { MapPinned, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteDeliveryZone, saveDeliveryZone } from '../api/save-compliance';

const HEADING: PanelHeading = {
  title: 'Delivery Zones',
  description:
    'With no zone, you deliver anywhere for $5 with a $50 minimum. With zones, only to their postal codes.',
  icon: <MapPinned aria-hidden="true" className="h-5 w-5" />,
};

const LABELS = {
  name: 'Zone name',
  postalCodes: 'Postal codes',
  fee: 'Delivery fee ($)',
  minimum: 'Minimum order ($)',
  freeDeliveryOver: 'Free delivery over ($)',
  salesTaxRate: 'Sales tax rate (%)',
  note: 'Note for shoppers',
} as const;
type FieldName = keyof typeof LABELS;

const HINTS: Partial<Record<FieldName, string>> = {
  postalCodes: 'Five-digit codes, separated by commas or spaces.',
  freeDeliveryOver: 'Leave empty for no free delivery.',
  salesTaxRate: 'Leave empty to use the shop’s rate.',
  note: 'e.g. 45-90 min',
};

/** "postalCodes.3" lands on the postal codes field. */
const fieldFor = (path: string) => {
  const root = path.split('.')[0];
  return root in LABELS ? (root as FieldName) : undefined;
};
const resolver = schemaResolver(deliveryZoneSchema, {
  fieldFor,
  sentence: labelledSentence(LABELS),
});

const EMPTY: DeliveryZoneBody = {
  name: '',
  postalCodes: '',
  fee: 5,
  minimum: 50,
  freeDeliveryOver: '',
  salesTaxRate: '',
  note: '',
};

const formValues = (zone: DeliveryZone): DeliveryZoneBody => ({
  name: zone.name,
  postalCodes: zone.postalCodes.join(', '),
  fee: zone.fee,
  minimum: zone.minimum,
  freeDeliveryOver: toFormText(zone.freeDeliveryOver),
  salesTaxRate: toFormText(zone.salesTaxRate),
  note: zone.note ?? '',
});

function ZoneForm({ editing, onDone }: { editing: DeliveryZone | null; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<DeliveryZoneBody, unknown, DeliveryZoneFields>({
    defaultValues: editing ? formValues(editing) : EMPTY,
    resolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  async function save(values: DeliveryZoneFields) {
    try {
      const saved = await saveDeliveryZone(values, editing?.id);
      await queryClient.invalidateQueries({ queryKey: deliveryZoneKeys.all });
      toast({ title: `Zone ${saved.name} saved.`, variant: 'success' });
      form.reset(EMPTY);
      onDone();
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      const message = error instanceof Error ? error.message : 'Please try again.';
      form.setError('postalCodes', { type: 'server', message });
    }
  }

  /** the text fields take the whole row on a phone, the money fields two to a row */
  const input = (field: FieldName, span?: string) => {
    const fieldId = `${id}-${field}`;
    const error = errors[field]?.message;
    const numeric = field !== 'name' && field !== 'postalCodes' && field !== 'note';
    return (
      <Field
        label={LABELS[field]}
        htmlFor={fieldId}
        error={error}
        hint={HINTS[field]}
        className={span}
      >
        <input
          id={fieldId}
          inputMode={numeric ? 'decimal' : undefined}
          className={inputClasses}
          {...fieldAria(fieldId, error, Boolean(HINTS[field]))}
          {...form.register(field)}
        />
      </Field>
    );
  };

  return (
    <form
      noValidate
      aria-label={editing ? `Edit zone ${editing.name}` : 'Add a delivery zone'}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface-2/40 p-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {input('name', 'col-span-2 lg:col-span-1')}
        {input('postalCodes', 'col-span-2')}
        {input('note', 'col-span-2 lg:col-span-1')}
        {input('fee')}
        {input('minimum')}
        {input('freeDeliveryOver')}
        {input('salesTaxRate')}
      </div>
      <div className="flex justify-end gap-2">
        {editing && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Save Zone' : 'Add Zone'}
        </Button>
      </div>
    </form>
  );
}

function zoneTerms(zone: DeliveryZone): string {
  return [
    `${formatCentsShort(toCents(zone.fee))} fee`,
    `${formatCentsShort(toCents(zone.minimum))} minimum`,
    zone.freeDeliveryOver === null
      ? null
      : `free over ${formatCentsShort(toCents(zone.freeDeliveryOver))}`,
    zone.salesTaxRate === null ? null : `${formatPercent(zone.salesTaxRate)} sales tax`,
    zone.note,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The dashboard's Delivery Zones section: where the shop delivers, and on what terms. */
export function DeliveryZonesPanel({ id }: { id: string }) {
  const zones = useDeliveryZones();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DeliveryZone | null>(null);
  const [deleting, setDeleting] = useState<DeliveryZone | null>(null);
  const [pending, setPending] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setPending(true);
    try {
      await deleteDeliveryZone(deleting.id);
      await queryClient.invalidateQueries({ queryKey: deliveryZoneKeys.all });
      toast({ title: `Zone ${deleting.name} deleted.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete the zone.', variant: 'destructive' });
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return (
    <Panel id={id} {...HEADING}>
      <div className="flex flex-col gap-4">
        {zones.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          zones.data &&
          zones.data.length > 0 && (
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
              {zones.data.map((zone) => (
                <li
                  key={zone.id}
                  data-testid="delivery-zone-row"
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-semibold">{zone.name}</p>
                    <p className="text-sm text-muted">{zone.postalCodes.join(', ')}</p>
                    <p className="text-xs text-muted">{zoneTerms(zone)}</p>
                  </div>
                  <div className="flex gap-1">
                    <ItemActionButton
                      icon={Pencil}
                      label={`Edit zone ${zone.name}`}
                      words="Edit"
                      onClick={() => setEditing(zone)}
                    />
                    <ItemActionButton
                      icon={Trash2}
                      label={`Delete zone ${zone.name}`}
                      words="Delete"
                      onClick={() => setDeleting(zone)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )
        )}
        <ZoneForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this zone?"
        message={`Shoppers in ${deleting?.postalCodes.join(', ') ?? ''} will no longer get deliveries.`}
        pending={pending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
