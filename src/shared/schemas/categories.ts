/** Categories and subcategories: the form, its PATCH, the reorder call and the answer. */

import { z } from 'zod';
import { categorySlug } from '../slugs';
import { idOrNone, optionalNote, textUpTo } from './fields';
import { patchOf } from './http';

export const categoryId = z
  .number({ message: 'must be a category id' })
  .int('must be a category id')
  .min(0)
  .max(2_147_483_647);

/**
 * Category form (spec §5). The name may arrive empty so that the service can answer
 * the form's own texts (Category name cannot be empty / Subcategory name cannot be empty);
 * the slug is derived from the name when empty.
 */
export const categorySchema = z.object({
  name: z.preprocess((v) => v ?? '', textUpTo(100)),
  slug: z.preprocess((v) => v ?? '', textUpTo(100)),
  description: optionalNote(2000),
  /** 0, null or missing = top level */
  parentId: z.preprocess(idOrNone, categoryId.nullable()).transform((v) => (v ? v : null)),
});

export type CategoryBody = z.input<typeof categorySchema>;

export type CategoryFields = z.output<typeof categorySchema>;

/** Spec §5 category form: the name is required, in the words of the form it is missing from. */
export function emptyCategoryNameMessage(parentId: number | null): string {
  return parentId ? 'Subcategory name cannot be empty' : 'Category name cannot be empty';
}

export const SLUG_WITHOUT_LETTERS = 'Slug must contain letters or digits';

/** The category form as the dealer fills it: the service's own checks, before sending. */
export const categoryFormSchema = categorySchema.superRefine((value, ctx) => {
  if (!value.name)
    ctx.addIssue({
      code: 'custom',
      path: ['name'],
      message: emptyCategoryNameMessage(value.parentId),
    });
  else if (!categorySlug(value.slug || value.name))
    ctx.addIssue({ code: 'custom', path: ['slug'], message: SLUG_WITHOUT_LETTERS });
});

export const categoryReorderSchema = z
  .object({
    updates: z
      .array(
        z.object({
          id: categoryId.min(1, 'must be a category id'),
          sortOrder: z
            .number({ message: 'must be a number' })
            .int('must be a whole number')
            .min(1, 'must be at least 1'),
        }),
        { message: 'must be a list of {id, sortOrder}' },
      )
      .min(1, 'must list at least one category')
      .max(500, 'has too many categories'),
  })
  .superRefine(({ updates }, ctx) => {
    const ids = new Set(updates.map((u) => u.id));
    if (ids.size !== updates.length)
      ctx.addIssue({ code: 'custom', path: ['updates'], message: 'lists a category twice' });
    const orders = new Set(updates.map((u) => u.sortOrder));
    const inRange = updates.every((u) => u.sortOrder <= updates.length);
    if (orders.size !== updates.length || !inRange) {
      ctx.addIssue({
        code: 'custom',
        path: ['updates'],
        message: `sortOrder must number the categories 1 to ${updates.length}`,
      });
    }
  });

export const categoryResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    parentId: z.number().int().nullable().describe('null = top level'),
    description: z.string().nullable(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Category' });

/** PATCH /api/categories/:id: any category fields; the merged category is validated as on create. */
export const categoryPatchSchema = patchOf(categorySchema);

export type Category = z.output<typeof categoryResponse>;
