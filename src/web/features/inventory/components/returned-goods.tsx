import { type DestructionInput, destructionSchema, type ToDestroy } from '@shared/returns';
import { useQueryClient } from '@tanstack/react-query';
import { toDestroyKeys, useToDestroy } from '@web/api/get-to-destroy';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { toast } from '@web/components/ui/toast';
import { useFormDialog } from '@web/hooks/use-form-dialog';
import { useTextFields } from '@web/hooks/use-text-fields';
import { postJson } from '@web/lib/api-client';
import { labelledForm } from '@web/lib/form-errors';
import { format } from 'date-fns';
import { Flame, PackageX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

const LABELS = { amount: 'Amount', witness: 'Witness', note: 'Note' } as const;
const { fieldFor, resolver } = labelledForm(destructionSchema, LABELS);
type DestructionForm = z.input<typeof destructionSchema>;

const amountText = (item: Pick<ToDestroy, 'unit'>, amount: number) =>
  `${Number(amount.toFixed(3))} ${item.unit === 'g' ? 'g' : amount === 1 ? 'unit' : 'units'}`;

/** Records returned goods destroyed, with the witness who saw it. */
function DestructionDialog({ item, onClose }: { item: ToDestroy | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<DestructionForm, unknown, DestructionInput>({
    resolver,
    values: item
      ? { productId: item.productId, amount: item.amount, witness: '', note: '' }
      : undefined,
  });
  const field = useTextFields(form, LABELS);
  const dialog = useFormDialog(form, fieldFor, onClose, async (input) => {
    const list = await postJson<ToDestroy[]>('/api/inventory/destructions', input);
    queryClient.setQueryData(toDestroyKeys.all, list);
    toast({
      title: 'Destruction recorded',
      description: `${item?.name} is off the waiting list.`,
    });
  });
  return (
    <FormDialog
      {...dialog}
      open={item !== null}
      size="sm"
      title={`Destroy returned ${item?.name ?? ''}`}
      description="Record what was destroyed and who witnessed it. The record is kept with the shop's books."
      submitLabel="Record destruction"
      submitVariant="danger"
    >
      <TextField
        {...field('amount', { valueAsNumber: true })}
        label={`${LABELS.amount} (${item?.unit === 'g' ? 'grams' : 'units'})`}
        type="number"
        inputMode="decimal"
        step="any"
        hint={item ? `${amountText(item, item.amount)} waiting` : undefined}
      />
      <TextField {...field('witness')} hint="The person who saw the goods destroyed" />
      <TextField {...field('note')} label={`${LABELS.note} (optional)`} />
    </FormDialog>
  );
}

/**
 * Goods returned after handover: never back on sale, they wait here until their
 * destruction is recorded with a witness. Shown only when there are some, or lately were.
 */
export function ReturnedGoods() {
  const list = useToDestroy();
  const [destroying, setDestroying] = useState<ToDestroy | null>(null);
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="returned-goods-title"
      className="rounded-xl border border-warn/50 bg-warn/5 p-3 sm:p-4"
    >
      <h3 id="returned-goods-title" className="flex items-center gap-2 font-semibold">
        <PackageX aria-hidden="true" className="h-5 w-5 text-warn" />
        Returned, to destroy
      </h3>
      <p className="text-sm text-muted">Returned goods never go back on sale.</p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.productId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium">{item.name}</p>
              <p className="text-muted">
                {item.amount > 0 ? `${amountText(item, item.amount)} waiting` : 'Nothing waiting'}
                {item.destructions[0] &&
                  ` · last destroyed ${format(new Date(item.destructions[0].at), 'MMM d, h:mm a')}, witness ${item.destructions[0].witness}`}
              </p>
            </div>
            {item.amount > 0 && (
              <Button variant="outline" size="sm" onClick={() => setDestroying(item)}>
                <Flame aria-hidden="true" className="h-4 w-4" />
                Record destruction
              </Button>
            )}
          </li>
        ))}
      </ul>
      <DestructionDialog item={destroying} onClose={() => setDestroying(null)} />
    </section>
  );
}
