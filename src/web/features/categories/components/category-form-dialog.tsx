import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, type CategoryFields, categoryFormSchema } from '@shared/schemas/categories';
import { categorySlug } from '@shared/slugs';
import { Field, fieldAria, inputClasses, textareaClasses } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors } from '@web/lib/form-errors';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  type CategoryInput,
  serverText,
  useCreateCategory,
  useUpdateCategory,
} from '../api/category-mutations';

export type CategoryDialogMode =
  | { kind: 'create' }
  | { kind: 'edit'; category: Category }
  | { kind: 'subcategory'; parent: Category };

function titleOf(mode: CategoryDialogMode): string {
  if (mode.kind === 'edit') return `Edit Category: ${mode.category.name}`;
  if (mode.kind === 'subcategory') return `Add Subcategory to ${mode.parent.name}`;
  return 'Create New Category';
}

/** Category dialog in its three modes (spec §2.13, §5 category form). */
export function CategoryFormDialog({
  open,
  mode,
  session,
  topLevel,
  hasChildren,
  onClose,
}: {
  open: boolean;
  mode: CategoryDialogMode;
  session: number;
  /** the possible parents */
  topLevel: Category[];
  /** whether a category has subcategories (then it cannot become one) */
  hasChildren: (id: number) => boolean;
  onClose: () => void;
}) {
  return (
    <CategoryForm
      key={session}
      open={open}
      mode={mode}
      topLevel={topLevel}
      hasChildren={hasChildren}
      onClose={onClose}
    />
  );
}

interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  /** the select's value: '' = top level */
  parentId: string;
}

const categoryFormResolver = zodResolver(categoryFormSchema) as unknown as Resolver<
  CategoryFormValues,
  unknown,
  CategoryFields
>;

function CategoryForm({
  open,
  mode,
  topLevel,
  hasChildren,
  onClose,
}: {
  open: boolean;
  mode: CategoryDialogMode;
  topLevel: Category[];
  hasChildren: (id: number) => boolean;
  onClose: () => void;
}) {
  const uid = useId();
  const editing = mode.kind === 'edit' ? mode.category : null;
  const isSub = mode.kind === 'subcategory' || !!editing?.parentId;
  const form = useForm<CategoryFormValues, unknown, CategoryFields>({
    defaultValues: {
      name: editing?.name ?? '',
      slug: editing?.slug ?? '',
      description: editing?.description ?? '',
      parentId: String(mode.kind === 'subcategory' ? mode.parent.id : (editing?.parentId ?? '')),
    },
    resolver: categoryFormResolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting: saving } = form.formState;
  const [autoSlug, setAutoSlug] = useState(editing ? categorySlug(editing.name) : '');
  const create = useCreateCategory();
  const update = useUpdateCategory();

  const canHaveParent = !(editing && hasChildren(editing.id));
  const parents = topLevel.filter((c) => c.id !== editing?.id);

  const name = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      // spec §5: the slug follows the name while it is empty or still the previous auto value
      const slug = form.getValues('slug');
      if (slug === '' || slug === autoSlug) {
        const next = categorySlug(event.target.value);
        form.setValue('slug', next, { shouldValidate: form.formState.isSubmitted });
        setAutoSlug(next);
      }
    },
  });

  async function submit(fields: CategoryFields) {
    const input: CategoryInput = {
      name: fields.name,
      slug: fields.slug || categorySlug(fields.name),
      description: fields.description,
      parentId: fields.parentId,
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        toast({
          title: 'Category updated',
          description: `${input.name} has been updated.`,
          variant: 'success',
        });
      } else {
        await create.mutateAsync(input);
        toast({
          title: input.parentId ? 'Subcategory created' : 'Category created',
          description: `${input.name} has been created.`,
          variant: 'success',
        });
      }
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, categoryField) > 0) return;
      toast({
        title: 'Error',
        description:
          serverText(failure) ??
          (editing
            ? 'Failed to update category. Please try again.'
            : 'Failed to create category. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={titleOf(mode)}
      description={
        mode.kind === 'subcategory'
          ? `Subcategories group products inside ${mode.parent.name}.`
          : mode.kind === 'edit'
            ? 'Change the name, slug, description or parent.'
            : 'Categories appear on the storefront in the order you set.'
      }
      submitLabel={
        mode.kind === 'edit'
          ? 'Save Changes'
          : mode.kind === 'subcategory'
            ? 'Create Subcategory'
            : 'Create Category'
      }
      pending={saving}
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(submit)}
    >
      <Field label="Name" htmlFor={`${uid}-name`} error={errors.name?.message}>
        <input
          id={`${uid}-name`}
          className={inputClasses}
          data-autofocus
          placeholder={isSub ? 'e.g. Indoor' : 'e.g. Flower'}
          {...fieldAria(`${uid}-name`, errors.name?.message)}
          {...name}
        />
      </Field>
      <Field
        label="Slug"
        htmlFor={`${uid}-slug`}
        error={errors.slug?.message}
        hint="Used in product addresses. Generated from the name until you edit it."
      >
        <input
          id={`${uid}-slug`}
          className={`${inputClasses} font-mono`}
          {...fieldAria(`${uid}-slug`, errors.slug?.message, true)}
          {...form.register('slug')}
        />
      </Field>
      <Field
        label="Description"
        htmlFor={`${uid}-description`}
        error={errors.description?.message}
        hint="Optional."
      >
        <textarea
          id={`${uid}-description`}
          className={textareaClasses}
          rows={3}
          {...fieldAria(`${uid}-description`, errors.description?.message, true)}
          {...form.register('description')}
        />
      </Field>
      {mode.kind !== 'subcategory' && (
        <Field
          label="Parent Category"
          htmlFor={`${uid}-parent`}
          error={errors.parentId?.message}
          hint={
            canHaveParent
              ? 'None makes it a top-level category.'
              : 'A category with subcategories stays at the top level.'
          }
        >
          <select
            id={`${uid}-parent`}
            className={inputClasses}
            disabled={!canHaveParent}
            {...fieldAria(`${uid}-parent`, errors.parentId?.message, true)}
            {...form.register('parentId')}
          >
            <option value="">None (top level)</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      )}
    </FormDialog>
  );
}

/** The server names the fields as the form does. */
function categoryField(path: string): keyof CategoryFormValues | undefined {
  return path === 'name' || path === 'slug' || path === 'description' || path === 'parentId'
    ? path
    : undefined;
}
