import { type ReceivePackageInput, receivePackageSchema } from '@shared/metrc';
import { isSoldByWeight } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { useQueryClient } from '@tanstack/react-query';
import { stateReportingKeys } from '@web/api/get-state-reporting';
import { Field, fieldAria, selectClasses, TextField } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { toast } from '@web/components/ui/toast';
import { useFormDialog } from '@web/hooks/use-form-dialog';
import { useTextFields } from '@web/hooks/use-text-fields';
import { postJson } from '@web/lib/api-client';
import { labelledForm } from '@web/lib/form-errors';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

const LABELS = {
  productId: 'Product',
  flavor: 'Flavor',
  tag: 'Package tag',
  itemName: 'Metrc item name',
  quantity: 'Quantity',
} as const;
const { fieldFor, resolver } = labelledForm(receivePackageSchema, LABELS);
type ReceiveForm = z.input<typeof receivePackageSchema>;

/**
 * "Receive stock": a Metrc package received against a product (and flavor); its
 * quantity is added to the product's stock, and sales take from it first in, first out.
 */
export function ReceiveStockDialog({
  open,
  products,
  onClose,
}: {
  open: boolean;
  products: Product[];
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<ReceiveForm, unknown, ReceivePackageInput>({
    resolver,
    defaultValues: { productId: 0, flavor: null, tag: '', itemName: '', quantity: undefined },
  });
  const field = useTextFields(form, LABELS);
  const { errors } = form.formState;
  const productId = Number(form.watch('productId'));
  const product = products.find((p) => p.id === productId);
  const unit = product ? (isSoldByWeight(product) ? 'grams' : 'units') : 'grams or units';
  const dialog = useFormDialog(form, fieldFor, onClose, async (input) => {
    await postJson('/api/inventory/packages', { ...input, flavor: input.flavor || null });
    await queryClient.invalidateQueries({ queryKey: stateReportingKeys.packages });
    toast({
      title: 'Stock received',
      description: `${input.quantity} ${unit} of ${product?.name} added to stock.`,
    });
  });
  return (
    <FormDialog
      {...dialog}
      open={open}
      size="sm"
      title="Receive stock"
      description="Record a Metrc package the shop received. Its quantity is added to the product's stock; sales are reported against its tag."
      submitLabel="Receive package"
    >
      <Field label={LABELS.productId} htmlFor={`${id}-product`} error={errors.productId?.message}>
        <select
          id={`${id}-product`}
          className={selectClasses}
          {...fieldAria(`${id}-product`, errors.productId?.message)}
          {...form.register('productId', { valueAsNumber: true })}
        >
          <option value={0}>Choose a product</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      {product && product.flavors.length > 0 && (
        <Field label={LABELS.flavor} htmlFor={`${id}-flavor`} error={errors.flavor?.message}>
          <select
            id={`${id}-flavor`}
            className={selectClasses}
            {...fieldAria(`${id}-flavor`, errors.flavor?.message)}
            {...form.register('flavor', { setValueAs: (v) => (v ? String(v) : null) })}
          >
            <option value="">Any flavor</option>
            {product.flavors.map((flavor) => (
              <option key={flavor} value={flavor}>
                {flavor}
              </option>
            ))}
          </select>
        </Field>
      )}
      <TextField
        {...field('tag')}
        hint="The 24 letters and digits on the package's Metrc tag"
        spellCheck={false}
      />
      <TextField {...field('itemName')} hint="As the transfer's manifest names it" />
      <TextField
        {...field('quantity', { valueAsNumber: true })}
        label={`${LABELS.quantity} (${unit})`}
        type="number"
        inputMode="decimal"
        step="any"
      />
    </FormDialog>
  );
}
