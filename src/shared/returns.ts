/**
 * Returns after handover and the destruction of returned goods: a return is its
 * own record beside the sale; the goods never go back on sale, they wait in a "to destroy" count
 * until a destruction is recorded with a witness.
 */
import { z } from 'zod';
import { reasonText } from './schemas/fields';

const reason = reasonText(3);

export const orderReturnSchema = z.object({
  reason,
  items: z
    .array(
      z.object({
        lineId: z.number({ message: 'must be a line of the order' }).int().positive(),
        count: z
          .number({ message: 'must be a whole number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(1000, 'must be at most 1000'),
      }),
      { message: 'must list what comes back' },
    )
    .min(1, 'must list what comes back')
    .max(50, 'must list at most 50 lines'),
});
export type OrderReturnInput = z.infer<typeof orderReturnSchema>;

export const destructionSchema = z.object({
  productId: z.number({ message: 'must be a product' }).int().positive(),
  amount: z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(100_000, 'must be at most 100000'),
  witness: z
    .string({ message: 'is required' })
    .trim()
    .min(2, 'must name the witness')
    .max(80, 'must be at most 80 characters'),
  note: z
    .string({ message: 'must be text' })
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional(),
});
export type DestructionInput = z.infer<typeof destructionSchema>;

/** Returned goods of one product waiting to be destroyed, and what was destroyed lately. */
export interface ToDestroy {
  productId: number;
  name: string;
  /** grams for flower sold by weight, units otherwise */
  unit: 'g' | 'units';
  amount: number;
  destructions: { at: string; amount: number; witness: string; note: string | null; by: string }[];
}
