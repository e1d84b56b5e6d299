import { DEFAULT_FLAVOR_STRAIN, STRAIN_OPTIONS, STRAINS, type StrainName } from '@shared/constants';
import type { Category } from '@shared/schemas/categories';
import type { Product, ProductFields } from '@shared/schemas/products';
import { useCategories } from '@web/api/get-categories';
import { Button } from '@web/components/ui/button';
import { Checkbox, Field, inputClasses, textareaClasses } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors } from '@web/lib/form-errors';
import { clsx } from 'clsx';
import { Plus, Star, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useMemo, useRef } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useCreateCategoryInline } from '../api/create-category';
import { errorMessage, useSaveProduct } from '../api/product-mutations';
import {
  emptyProductForm,
  isFlowerForm,
  type ProductFormValues,
  productFieldMessage,
  productFormField,
  productFormFrom,
  productFormResolver,
  TIER_FIELDS,
  usesFlavors,
  withBasePrice,
} from '../product-form';
import { CategoryPicker } from './category-picker';
import { MediaEditor } from './media-editor';
import { ProductFactsFields } from './product-facts-fields';
import {
  ProductField,
  ProductFieldGroup,
  type ProductFormBinding,
  type TextFieldSpec,
} from './product-field';

const isTopLevel = (c: Category) => !c.parentId;
const bySortOrder = (a: Category, b: Category) =>
  a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-xs font-bold tracking-wider text-muted uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

const STRAIN_CHOICES = STRAIN_OPTIONS.map((strain) => ({
  value: strain,
  label: strain === 'none' ? 'None' : strain,
}));

/** The form's plain fields, as they read for flower (sold by weight) or by the unit. */
function productFields(flower: boolean, flavored: boolean) {
  return {
    price: {
      key: 'price',
      label: flower ? 'Price (1/8 Oz)' : 'Price',
      hint: flower ? 'Other sizes fill in at 1.9x, 3.6x and 6.4x when left empty.' : undefined,
      money: true,
    },
    salePrice: {
      key: 'salePrice',
      label: flower ? 'Sale Price (1/8 Oz)' : 'Sale Price',
      hint: 'Leave empty for no sale.',
      placeholder: 'No sale',
      money: true,
    },
    tiers: TIER_FIELDS.map((tier) => [
      { key: tier.price, label: `Price (${tier.label})`, money: true },
      { key: tier.sale, label: `Sale Price (${tier.label})`, placeholder: 'No sale', money: true },
    ]),
    grams: [
      {
        key: 'cannabisGrams',
        label: 'Cannabis per unit (g)',
        hint: 'Dried flower in one unit, e.g. 1 for a 1 g pre-roll.',
        decimal: true,
        placeholder: '0',
      },
      {
        key: 'concentrateGrams',
        label: 'Concentrate per unit (g)',
        hint: 'Concentrate in one unit, e.g. 1 for a 1 g vape cart.',
        decimal: true,
        placeholder: '0',
      },
    ],
    stock: [
      {
        key: 'stock',
        label: flower ? 'Stock (grams)' : 'Stock (units)',
        hint: flavored
          ? 'Optional: with flavor stocks the total is their sum.'
          : flower
            ? '3.5 g per 1/8 Oz.'
            : undefined,
        type: 'number',
        decimal: true,
        min: 0,
        step: flower ? 0.5 : 1,
      },
      { key: 'strain', label: 'Strain', options: STRAIN_CHOICES },
    ],
  } satisfies Record<string, TextFieldSpec | readonly (TextFieldSpec | readonly TextFieldSpec[])[]>;
}

/** Add and Edit Product dialog (spec §2.10, §4, §5 product form). */
export function ProductFormDialog({
  open,
  product,
  session,
  onClose,
}: {
  open: boolean;
  /** null = add mode */
  product: Product | null;
  /** changes on every opening, so the form starts fresh */
  session: number;
  onClose: () => void;
}) {
  return <ProductForm key={session} open={open} product={product} onClose={onClose} />;
}

function ProductForm({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  onClose: () => void;
}) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldId = (name: string) => `${uid}-${name}`;
  const { data: categories = [] } = useCategories();
  const save = useSaveProduct();
  const createCategory = useCreateCategoryInline();
  const form = useForm<ProductFormValues, unknown, ProductFields>({
    defaultValues: product ? productFormFrom(product) : emptyProductForm(),
    resolver: productFormResolver,
    // after the first Save, each error clears as soon as its value is valid
    reValidateMode: 'onChange',
  });
  const values = form.watch();
  const { errors: fieldErrors, isSubmitted, isSubmitting: submitting } = form.formState;
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, error]) => [field, error?.message]),
  ) as Partial<Record<keyof ProductFormValues, string>>;

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    form.setValue(key as FieldPath<ProductFormValues>, value as never, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  const setAll = (next: ProductFormValues) => {
    for (const key of Object.keys(next) as (keyof ProductFormValues)[])
      if (next[key] !== values[key]) set(key, next[key]);
  };

  const topLevel = useMemo(() => categories.filter(isTopLevel).sort(bySortOrder), [categories]);
  const parent = topLevel.find((c) => c.slug === values.category);
  const subcategories = useMemo(
    () => (parent ? categories.filter((c) => c.parentId === parent.id).sort(bySortOrder) : []),
    [categories, parent],
  );
  const flower = isFlowerForm(values);
  const flavored = usesFlavors(values);
  const bound: ProductFormBinding = { values, errors, fieldId, set };
  const fields = productFields(flower, values.flavors.length > 0);

  async function createInline(name: string, parentId: number | null): Promise<string | null> {
    try {
      const created = await createCategory.mutateAsync({ name, parentId });
      toast({
        title: parentId ? 'Subcategory created' : 'Category created',
        description: `"${created.name}" is ready to use.`,
        variant: 'success',
      });
      return created.slug;
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to create category: ${errorMessage(error)}`,
        variant: 'destructive',
      });
      return null;
    }
  }

  // the first problem may be scrolled out of sight in a long form
  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-flavor-error]')
        ?.focus(),
    );

  async function submit(body: ProductFields) {
    try {
      await save.mutateAsync({ id: product?.id ?? null, body });
      toast({
        title: product ? 'Product updated' : 'Product created',
        description: `${body.name} has been ${product ? 'updated' : 'added to the catalog'}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, productFormField, productFieldMessage);
      if (placed > 0) return focusFirstProblem();
      toast({
        title: 'Error',
        description: `Failed to ${product ? 'update' : 'create'} product: ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  }

  const updateFlavor = (index: number, patch: Partial<ProductFormValues['flavors'][number]>) =>
    set(
      'flavors',
      values.flavors.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={product ? `Edit Product: ${product.name}` : 'Add Product'}
      description={
        product ? 'Update the product details below.' : 'Fill in the details of the new product.'
      }
      submitLabel={product ? 'Update Product' : 'Create Product'}
      pending={submitting || save.isPending}
      formRef={formRef}
      className="flex flex-col gap-6"
      onSubmit={form.handleSubmit(submit, focusFirstProblem)}
    >
      <Section title="Details">
        <Field label="Name" htmlFor={fieldId('name')} error={errors.name}>
          <input
            id={fieldId('name')}
            className={inputClasses}
            value={values.name}
            required
            data-autofocus
            aria-invalid={errors.name ? true : undefined}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>
        <Field label="Description" htmlFor={fieldId('description')}>
          <textarea
            id={fieldId('description')}
            className={textareaClasses}
            rows={3}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <CategoryPicker
            id={fieldId('category')}
            label="Category"
            value={values.category}
            options={topLevel.map((c) => ({ value: c.slug, label: c.name }))}
            newLabel="New category"
            placeholder="New category name"
            error={errors.category}
            onChange={(slug) => {
              const nextParent = topLevel.find((c) => c.slug === slug);
              const stillValid = categories.some(
                (c) => c.parentId === nextParent?.id && c.slug === values.subcategory,
              );
              if (!stillValid) set('subcategory', '');
              set('category', slug);
            }}
            onCreate={(name) => createInline(name, null)}
          />
          <CategoryPicker
            id={fieldId('subcategory')}
            label="Subcategory"
            value={values.subcategory}
            options={subcategories.map((c) => ({ value: c.slug, label: c.name }))}
            noneLabel="None"
            newLabel="New subcategory"
            placeholder="New subcategory name"
            disabled={!parent}
            onChange={(slug) => set('subcategory', slug)}
            onCreate={(name) => (parent ? createInline(name, parent.id) : Promise.resolve(null))}
          />
        </div>
      </Section>

      <Section title="Pricing">
        <div className="grid gap-4 sm:grid-cols-2">
          <ProductField
            spec={fields.price}
            form={bound}
            onChange={(text) => setAll(withBasePrice(values, text))}
          />
          <ProductField spec={fields.salePrice} form={bound} />
        </div>
        {flower && (
          <div className="grid gap-3 rounded-xl border border-line bg-surface-2/50 p-3 sm:grid-cols-3">
            {fields.tiers.map((tier) => (
              <ProductFieldGroup
                key={tier[0].key}
                specs={tier}
                form={bound}
                className="flex flex-col gap-3"
              />
            ))}
          </div>
        )}
      </Section>

      <Section title="Taxes and daily limits">
        <Checkbox
          checked={values.cannabis}
          onChange={(checked) => set('cannabis', checked)}
          label="Cannabis product"
          hint="Counts toward daily limits and pays cannabis excise tax. Untick for accessories and merchandise."
        />
        {!values.cannabis ? (
          <p className="text-sm text-muted">
            Not cannabis: it counts toward no daily limit and pays sales tax only.
          </p>
        ) : flower ? (
          <p className="text-sm text-muted">
            Flower counts toward the daily purchase limit by its weight: 3.5 g for each 1/8 Oz.
          </p>
        ) : (
          <ProductFieldGroup
            specs={fields.grams}
            form={bound}
            className="grid gap-4 sm:grid-cols-2"
          />
        )}
      </Section>

      <Section title="Inventory and strain">
        <ProductFieldGroup
          specs={fields.stock}
          form={bound}
          className="grid gap-4 sm:grid-cols-2"
        />
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium" id={fieldId('strain-types')}>
            Strain Types
          </p>
          <fieldset aria-labelledby={fieldId('strain-types')} className="grid grid-cols-3 gap-2">
            {STRAINS.map((strain) => (
              <Checkbox
                key={strain}
                label={strain}
                checked={values.strainTypes.includes(strain)}
                onChange={(checked) =>
                  set(
                    'strainTypes',
                    checked
                      ? STRAINS.filter((s) => s === strain || values.strainTypes.includes(s))
                      : values.strainTypes.filter((s) => s !== strain),
                  )
                }
              />
            ))}
          </fieldset>
          <p className="text-xs text-muted">
            With more than one, shoppers choose a strain type on the product page.
          </p>
        </div>
        <Checkbox
          checked={values.featured}
          onChange={(checked) => set('featured', checked)}
          label={
            <span className="inline-flex items-center gap-1.5">
              <Star aria-hidden="true" className="h-4 w-4 text-accent" /> Featured product
            </span>
          }
        />
      </Section>

      {flavored && (
        <Section title="Flavors">
          {values.flavors.length === 0 && (
            <p className="text-sm text-muted">No flavors yet. Stock is then set for the product.</p>
          )}
          {values.flavors.length > 0 && (
            <ul className="flex flex-col gap-2">
              {values.flavors.map((row, index) => (
                <li
                  key={index}
                  className="grid grid-cols-[1fr_auto] gap-2 rounded-xl border border-line p-2 sm:grid-cols-[1fr_9rem_7rem_auto]"
                >
                  <input
                    aria-label={`Flavor ${index + 1} name`}
                    className={clsx(inputClasses, 'col-span-1')}
                    placeholder="Flavor name"
                    value={row.name}
                    onChange={(event) => updateFlavor(index, { name: event.target.value })}
                  />
                  <button
                    type="button"
                    aria-label={`Remove flavor ${index + 1}`}
                    onClick={() =>
                      set(
                        'flavors',
                        values.flavors.filter((_, i) => i !== index),
                      )
                    }
                    className="row-span-2 grid h-11 w-11 place-items-center rounded-xl text-danger hover:bg-surface-2 sm:order-last sm:row-span-1"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <div className="grid grid-cols-2 gap-2 sm:contents">
                    <select
                      aria-label={`Flavor ${index + 1} strain`}
                      className={inputClasses}
                      value={row.strain}
                      onChange={(event) =>
                        updateFlavor(index, { strain: event.target.value as StrainName })
                      }
                    >
                      {STRAINS.map((strain) => (
                        <option key={strain} value={strain}>
                          {strain}
                        </option>
                      ))}
                    </select>
                    <input
                      aria-label={`Flavor ${index + 1} stock`}
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      placeholder="Stock"
                      className={clsx(inputClasses, 'tabular-nums')}
                      value={row.stock}
                      onChange={(event) => updateFlavor(index, { stock: event.target.value })}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {errors.flavors && (
            <p data-flavor-error tabIndex={-1} className="text-xs font-medium text-danger">
              {errors.flavors}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              set('flavors', [
                ...values.flavors,
                { name: '', strain: DEFAULT_FLAVOR_STRAIN, stock: '' },
              ])
            }
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> Add flavor
          </Button>
        </Section>
      )}

      <Section title="Product facts">
        <ProductFactsFields form={bound} />
      </Section>

      <Section title="Media">
        <MediaEditor
          media={values.media}
          productName={values.name}
          onChange={(media) => set('media', media)}
        />
      </Section>
    </FormDialog>
  );
}
