import {
  DISCOUNT_TYPES,
  type DiscountType,
  FREEBIE_SEARCH_CAP,
  PROMOTION_COLORS,
  PROMOTION_DEFAULTS,
  type PromotionColor,
  WEEKDAYS,
  type Weekday,
} from '@shared/constants';
import { searchProducts } from '@shared/product-search';
import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import {
  type Promotion,
  type PromotionBody,
  type PromotionFields,
  promotionSchema,
} from '@shared/schemas/promotions';
import { Button } from '@web/components/ui/button';
import {
  Field,
  fieldAria,
  inputClasses,
  SearchField,
  textareaClasses,
} from '@web/components/ui/form-controls';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import {
  useCreatePromotion,
  useUpdatePromotion,
} from '@web/features/promotions/api/promotion-mutations';
import { PROMOTION_COLOR_STYLES, weekdayShort } from '@web/features/promotions/promotion-display';
import { useLastPresent } from '@web/hooks/use-last-present';
import { errorText } from '@web/lib/error-messages';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { clsx } from 'clsx';
import { Check, LoaderCircle, TriangleAlert, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';

type DialogState = { mode: 'create' } | { mode: 'edit'; promotion: Promotion } | null;

const TYPE_LABELS: Record<DiscountType, string> = {
  fixed: 'Fixed amount',
  percentage: 'Percentage',
  freebie: 'Free item',
};

interface FormValues {
  title: string;
  description: string;
  promoCode: string;
  discountType: DiscountType;
  discountAmount: string;
  freebieProductId: number | null;
  validDays: Weekday[];
  applicableCategories: string[];
  color: PromotionColor;
  active: boolean;
}

function initialValues(promotion?: Promotion): FormValues {
  return {
    title: promotion?.title ?? '',
    description: promotion?.description ?? '',
    promoCode: promotion?.promoCode ?? '',
    discountType: promotion?.discountType ?? PROMOTION_DEFAULTS.discountType,
    discountAmount: String(promotion?.discountAmount ?? PROMOTION_DEFAULTS.discountAmount),
    freebieProductId: promotion?.freebieProductId ?? null,
    validDays: promotion ? [...promotion.validDays] : [...PROMOTION_DEFAULTS.validDays],
    applicableCategories: promotion ? [...promotion.applicableCategories] : [],
    color: promotion?.color ?? PROMOTION_DEFAULTS.color,
    active: promotion?.active ?? PROMOTION_DEFAULTS.active,
  };
}

function toBody(values: FormValues): PromotionBody {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    active: values.active,
    color: values.color,
    promoCode: values.promoCode.trim().toUpperCase() || null,
    discountType: values.discountType,
    discountAmount: values.discountType === 'freebie' ? 0 : Number(values.discountAmount) || 0,
    applicableCategories: values.applicableCategories,
    freebieProductId: values.discountType === 'freebie' ? values.freebieProductId : null,
    validDays: values.validDays,
  };
}

/** Spec §5 promotion form, judged by the server's own promotion schema. */
const promotionFormSchema = z.custom<FormValues>().transform(toBody).pipe(promotionSchema);
const FORM_FIELDS = ['title', 'description', 'promoCode', 'discountAmount', 'freebieProductId'];
/** The schema (and the server) name the form's fields as the form does. */
function promotionField(path: string) {
  return FORM_FIELDS.includes(path) ? (path as keyof FormValues) : undefined;
}
const promotionFormResolver = schemaResolver(promotionFormSchema, {
  fieldFor: promotionField,
  sentence: labelledSentence({
    title: 'Title',
    description: 'Description',
    promoCode: 'Promo code',
    discountAmount: 'Discount',
  }),
});

function Fieldset({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {children}
      {hint}
    </fieldset>
  );
}

function ChoiceChip({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'relative inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked
          ? 'border-primary bg-primary/12 text-fg'
          : 'border-line bg-surface hover:bg-surface-2',
      )}
    >
      <input
        type="checkbox"
        className="absolute inset-0 cursor-pointer opacity-0"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span
        aria-hidden="true"
        className={clsx(
          'grid h-4 w-4 place-items-center rounded border',
          checked ? 'border-primary bg-primary text-primary-fg' : 'border-line',
        )}
      >
        {checked && <Check className="h-3 w-3" strokeWidth={3} />}
      </span>
      {children}
    </label>
  );
}

function FreebiePicker({
  products,
  selectedId,
  onSelect,
  error,
}: {
  products: Product[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const selected = products.find((p) => p.id === selectedId);
  const results = useMemo(() => {
    return searchProducts(products, query).slice(0, FREEBIE_SEARCH_CAP);
  }, [products, query]);
  return (
    <div className="flex flex-col gap-2">
      {selected ? (
        <div className="flex items-center justify-between gap-2 rounded-xl border border-primary bg-primary/10 px-3 py-2 text-sm">
          <span>
            Free item: <strong>{selected.name}</strong>
          </span>
          <button
            type="button"
            onClick={() => onSelect(null)}
            aria-label="Clear free product"
            className="grid h-8 w-8 place-items-center rounded-lg hover:bg-surface-2"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ) : (
        <p className={clsx('text-xs', error ? 'font-medium text-danger' : 'text-muted')}>
          {error ?? 'Search and pick the product given for free.'}
        </p>
      )}
      <SearchField
        label="Search free product"
        placeholder="Search products"
        value={query}
        onChange={setQuery}
      />
      {results.length > 0 && (
        <ul
          aria-label="Free product results"
          className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-xl border border-line p-1"
        >
          {results.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => {
                  onSelect(p.id);
                  setQuery('');
                }}
                className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2"
              >
                <span className="truncate">{p.name}</span>
                <span className="shrink-0 text-xs text-muted capitalize">{p.category}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PromotionForm({
  promotion,
  categories,
  products,
  onClose,
}: {
  promotion?: Promotion;
  categories: Category[];
  products: Product[];
  onClose: () => void;
}) {
  const id = useId();
  const bogo = promotion?.isBogo50 === true;
  const form = useForm<FormValues, unknown, PromotionFields>({
    defaultValues: initialValues(promotion),
    resolver: promotionFormResolver,
    // after the first Save, each error clears as soon as its value is valid
    reValidateMode: 'onChange',
  });
  const values = form.watch();
  const { errors: fieldErrors, isSubmitted } = form.formState;
  const errors = {
    title: fieldErrors.title?.message,
    description: fieldErrors.description?.message,
    promoCode: fieldErrors.promoCode?.message,
    discountAmount: fieldErrors.discountAmount?.message,
    freebie: fieldErrors.freebieProductId?.message,
  };
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    form.setValue(key as FieldPath<FormValues>, value as never, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  const toggleIn = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((x) => x !== item);

  const sortedCategories = useMemo(() => {
    const top = categories
      .filter((c) => !c.parentId)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
    return top.flatMap((parent) => [
      { category: parent, child: false },
      ...categories
        .filter((c) => c.parentId === parent.id)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
        .map((category) => ({ category, child: true })),
    ]);
  }, [categories]);

  const save = (body: PromotionFields) => {
    const failTitle = promotion ? 'Failed to update promotion' : 'Failed to create promotion';
    const onError = (error: unknown) => {
      if (applyServerErrors(error, form.setError, promotionField) > 0) return;
      toast({ title: failTitle, description: errorText(error), variant: 'destructive' });
    };
    if (!promotion) {
      create.mutate(body, {
        onSuccess: (created) => {
          toast({ title: 'Promotion created', description: `${created.title} was added.` });
          onClose();
        },
        onError,
      });
      return;
    }
    // BOGO50 is built in: only these three can change
    const patch = bogo
      ? { active: body.active, title: body.title, description: body.description }
      : body;
    update.mutate(
      { id: promotion.id, body: patch },
      {
        onSuccess: (updated) => {
          toast({ title: 'Promotion updated', description: `${updated.title} was saved.` });
          onClose();
        },
        onError,
      },
    );
  };

  const amountLabel = values.discountType === 'percentage' ? 'Discount (%)' : 'Discount amount ($)';

  return (
    <form
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      noValidate
      className="flex max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] flex-col rounded-2xl border border-line bg-surface shadow-2xl sm:max-h-[80dvh]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
        <h2 id={`${id}-title`} className="truncate text-lg font-bold">
          {promotion ? `Edit Promotion: ${promotion.title}` : 'Create New Promotion'}
        </h2>
        <CloseButton onClick={onClose} />
      </div>
      <div className="flex flex-col gap-5 overflow-y-auto px-5 py-5">
        {bogo && (
          <p className="rounded-xl border border-line bg-surface-2/60 p-3 text-sm text-muted">
            BOGO50 is built in: only its title, description and active state can be changed.
          </p>
        )}
        <Field label="Title" htmlFor={`${id}-name`} error={errors.title}>
          <input
            id={`${id}-name`}
            data-autofocus
            value={values.title}
            maxLength={200}
            onChange={(e) => set('title', e.target.value)}
            {...fieldAria(`${id}-name`, errors.title)}
            className={inputClasses}
          />
        </Field>
        <Field label="Description" htmlFor={`${id}-description`} error={errors.description}>
          <textarea
            id={`${id}-description`}
            rows={2}
            maxLength={2000}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            {...fieldAria(`${id}-description`, errors.description)}
            className={textareaClasses}
          />
        </Field>
        {!bogo && (
          <>
            <Field
              label="Promo code"
              htmlFor={`${id}-code`}
              error={errors.promoCode}
              hint="Optional. Letters, digits, - and _ (stored in capitals)."
            >
              <input
                id={`${id}-code`}
                value={values.promoCode}
                maxLength={50}
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(e) =>
                  set('promoCode', e.target.value.toUpperCase().replace(/[^A-Z0-9_-]/g, ''))
                }
                {...fieldAria(`${id}-code`, errors.promoCode, true)}
                className={clsx(inputClasses, 'font-mono tracking-wider uppercase')}
              />
            </Field>
            <Fieldset legend="Discount type">
              <div className="grid grid-cols-3 gap-1 rounded-xl border border-line bg-surface-2/60 p-1">
                {DISCOUNT_TYPES.map((type) => (
                  <label
                    key={type}
                    className={clsx(
                      'relative grid h-10 cursor-pointer place-items-center rounded-lg text-center text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                      values.discountType === type
                        ? 'bg-surface text-fg shadow-sm'
                        : 'text-muted hover:text-fg',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-type`}
                      value={type}
                      className="absolute inset-0 cursor-pointer opacity-0"
                      checked={values.discountType === type}
                      onChange={() => set('discountType', type)}
                    />
                    {TYPE_LABELS[type]}
                  </label>
                ))}
              </div>
              {values.discountType === 'freebie' ? (
                <FreebiePicker
                  products={products}
                  selectedId={values.freebieProductId}
                  onSelect={(productId) => set('freebieProductId', productId)}
                  error={errors.freebie}
                />
              ) : (
                <Field label={amountLabel} htmlFor={`${id}-amount`} error={errors.discountAmount}>
                  <input
                    id={`${id}-amount`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={values.discountType === 'percentage' ? 100 : undefined}
                    step={values.discountType === 'percentage' ? 1 : 0.01}
                    value={values.discountAmount}
                    onChange={(e) => set('discountAmount', e.target.value)}
                    {...fieldAria(`${id}-amount`, errors.discountAmount)}
                    className={inputClasses}
                  />
                </Field>
              )}
            </Fieldset>
            <Fieldset
              legend="Valid days"
              hint={
                values.validDays.length === 0 ? (
                  <p role="alert" className="flex items-center gap-2 text-sm font-medium text-warn">
                    <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
                    No days selected: this promotion will not be active on any day.
                  </p>
                ) : values.validDays.length === 7 ? (
                  <p className="text-xs text-muted">All seven days: always active.</p>
                ) : null
              }
            >
              <div className="flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <ChoiceChip
                    key={day}
                    checked={values.validDays.includes(day)}
                    onChange={(on) =>
                      set(
                        'validDays',
                        WEEKDAYS.filter((d) => (d === day ? on : values.validDays.includes(d))),
                      )
                    }
                  >
                    <span className="sr-only">{day.charAt(0).toUpperCase() + day.slice(1)}</span>
                    <span aria-hidden="true">{weekdayShort(day)}</span>
                  </ChoiceChip>
                ))}
              </div>
            </Fieldset>
            <Fieldset
              legend="Categories"
              hint={
                <p className="text-xs text-muted">
                  {values.applicableCategories.length === 0
                    ? 'None selected: applies to all products.'
                    : `${values.applicableCategories.length} selected.`}
                </p>
              }
            >
              <div className="flex max-h-44 flex-wrap gap-2 overflow-y-auto">
                {sortedCategories.map(({ category, child }) => (
                  <ChoiceChip
                    key={category.id}
                    checked={values.applicableCategories.includes(category.slug)}
                    onChange={(on) =>
                      set(
                        'applicableCategories',
                        toggleIn(values.applicableCategories, category.slug, on),
                      )
                    }
                  >
                    {child ? <span className="text-muted">↳ {category.name}</span> : category.name}
                  </ChoiceChip>
                ))}
              </div>
            </Fieldset>
            <Fieldset legend="Colour">
              <div className="flex flex-wrap gap-2">
                {PROMOTION_COLORS.map((color) => (
                  <label
                    key={color}
                    title={PROMOTION_COLOR_STYLES[color].label}
                    className={clsx(
                      'relative grid h-10 w-10 cursor-pointer place-items-center rounded-full ring-offset-2 ring-offset-surface transition-shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                      PROMOTION_COLOR_STYLES[color].stripe,
                      values.color === color && 'ring-2 ring-fg',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-color`}
                      value={color}
                      aria-label={PROMOTION_COLOR_STYLES[color].label}
                      className="absolute inset-0 cursor-pointer opacity-0"
                      checked={values.color === color}
                      onChange={() => set('color', color)}
                    />
                    {values.color === color && (
                      <Check aria-hidden="true" className="h-5 w-5 text-white" strokeWidth={3} />
                    )}
                  </label>
                ))}
              </div>
            </Fieldset>
          </>
        )}
        <Switch checked={values.active} onChange={(on) => set('active', on)} label="Active" />
      </div>
      <div className="flex justify-end gap-2 border-t border-line px-5 py-4">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {promotion ? 'Update Promotion' : 'Create Promotion'}
        </Button>
      </div>
    </form>
  );
}

/** Spec §2.11: "Create New Promotion" / "Edit Promotion: {title}". */
export function PromotionDialog({
  state,
  onClose,
  categories,
  products,
}: {
  state: DialogState;
  onClose: () => void;
  categories: Category[];
  products: Product[];
}) {
  const shown = useLastPresent(state);
  const title =
    shown?.mode === 'edit' ? `Edit Promotion: ${shown.promotion.title}` : 'Create New Promotion';
  return (
    <Modal open={state !== null} onClose={onClose} label={title}>
      {shown && (
        <PromotionForm
          key={shown.mode === 'edit' ? shown.promotion.id : 'new'}
          promotion={shown.mode === 'edit' ? shown.promotion : undefined}
          categories={categories}
          products={products}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
