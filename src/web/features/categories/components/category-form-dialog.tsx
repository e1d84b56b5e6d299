import { categorySlug } from '@shared/slugs';
import type { Category } from '@shared/types';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { Field, inputClasses, textareaClasses } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { useId, useState } from 'react';
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
  const formId = useId();
  return (
    <DialogFrame
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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {mode.kind === 'edit'
              ? 'Save Changes'
              : mode.kind === 'subcategory'
                ? 'Create Subcategory'
                : 'Create Category'}
          </Button>
        </>
      }
    >
      <CategoryForm
        key={session}
        formId={formId}
        mode={mode}
        topLevel={topLevel}
        hasChildren={hasChildren}
        onDone={onClose}
      />
    </DialogFrame>
  );
}

function CategoryForm({
  formId,
  mode,
  topLevel,
  hasChildren,
  onDone,
}: {
  formId: string;
  mode: CategoryDialogMode;
  topLevel: Category[];
  hasChildren: (id: number) => boolean;
  onDone: () => void;
}) {
  const uid = useId();
  const editing = mode.kind === 'edit' ? mode.category : null;
  const isSub = mode.kind === 'subcategory' || !!editing?.parentId;
  const [name, setName] = useState(editing?.name ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [autoSlug, setAutoSlug] = useState(editing ? categorySlug(editing.name) : '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [parentId, setParentId] = useState<number | null>(
    mode.kind === 'subcategory' ? mode.parent.id : (editing?.parentId ?? null) || null,
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const create = useCreateCategory();
  const update = useUpdateCategory();

  const canHaveParent = !(editing && hasChildren(editing.id));
  const parents = topLevel.filter((c) => c.id !== editing?.id);
  const subcategoryForm = mode.kind === 'subcategory' || parentId !== null;

  function onName(value: string) {
    setName(value);
    // spec §5: the slug follows the name while it is empty or still the previous auto value
    if (slug === '' || slug === autoSlug) {
      const next = categorySlug(value);
      setSlug(next);
      setAutoSlug(next);
    }
  }

  async function submit() {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(
        subcategoryForm ? 'Subcategory name cannot be empty' : 'Category name cannot be empty',
      );
      return;
    }
    setError(null);
    const input: CategoryInput = {
      name: trimmed,
      slug: slug.trim() || categorySlug(trimmed),
      description: description.trim() || null,
      parentId,
    };
    setSaving(true);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        toast({
          title: 'Category updated',
          description: `${trimmed} has been updated.`,
          variant: 'success',
        });
      } else {
        await create.mutateAsync(input);
        toast({
          title: input.parentId ? 'Subcategory created' : 'Category created',
          description: `${trimmed} has been created.`,
          variant: 'success',
        });
      }
      onDone();
    } catch (failure) {
      toast({
        title: 'Error',
        description:
          serverText(failure) ??
          (editing
            ? 'Failed to update category. Please try again.'
            : 'Failed to create category. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      id={formId}
      noValidate
      aria-busy={saving}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <Field label="Name" htmlFor={`${uid}-name`} error={error ?? undefined}>
        <input
          id={`${uid}-name`}
          className={inputClasses}
          value={name}
          data-autofocus
          placeholder={isSub ? 'e.g. Indoor' : 'e.g. Flower'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-name-error` : undefined}
          onChange={(event) => onName(event.target.value)}
        />
      </Field>
      <Field
        label="Slug"
        htmlFor={`${uid}-slug`}
        hint="Used in product addresses. Generated from the name until you edit it."
      >
        <input
          id={`${uid}-slug`}
          className={`${inputClasses} font-mono`}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
        />
      </Field>
      <Field label="Description" htmlFor={`${uid}-description`} hint="Optional.">
        <textarea
          id={`${uid}-description`}
          className={textareaClasses}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      {mode.kind !== 'subcategory' && (
        <Field
          label="Parent Category"
          htmlFor={`${uid}-parent`}
          hint={
            canHaveParent
              ? 'None makes it a top-level category.'
              : 'A category with subcategories stays at the top level.'
          }
        >
          <select
            id={`${uid}-parent`}
            className={inputClasses}
            value={parentId ?? ''}
            disabled={!canHaveParent}
            onChange={(event) =>
              setParentId(event.target.value ? Number(event.target.value) : null)
            }
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
    </form>
  );
}
