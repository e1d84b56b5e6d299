import {
  EFFECTS,
  type Effect,
  effectLabel,
  MAX_EFFECTS,
  NET_UNITS,
  type NetUnit,
  type PotencyUnit,
  type ProductFacts,
} from '@shared/product-facts';
import { Button } from '@web/components/ui/button';
import { Checkbox, Field, inputClasses } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { clsx } from 'clsx';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { LAB_DOCUMENT_ACCEPT, uploadLabDocument } from '../api/upload-media';
import type { ProductFormValues } from '../product-form';

/** The form's fields of the product facts: the shared facts' names. */
type FactKey = keyof ProductFacts;

/** The product form's "Product facts" section (issue 40 §1): every fact optional, each explained. */
export function ProductFactsFields({
  values,
  errors,
  fieldId,
  set,
}: {
  values: Pick<ProductFormValues, FactKey>;
  errors: Partial<Record<keyof ProductFormValues, string>>;
  fieldId: (name: string) => string;
  set: <K extends FactKey>(key: K, value: ProductFormValues[K]) => void;
}) {
  const mg = values.potencyUnit === 'mg';
  const unitWord = mg ? 'mg per package' : '%';
  const input = (key: FactKey, extra?: { decimal?: boolean; placeholder?: string }) => (
    <input
      id={fieldId(key)}
      inputMode={extra?.decimal ? 'decimal' : undefined}
      placeholder={extra?.placeholder}
      className={clsx(inputClasses, extra?.decimal && 'tabular-nums')}
      value={values[key] as string}
      aria-invalid={errors[key] ? true : undefined}
      onChange={(event) => set(key, event.target.value as never)}
    />
  );

  return (
    <>
      <p className="text-sm text-muted">
        All optional. Shoppers filter and compare by these; cards show the brand and potency.
      </p>
      <Field
        label="Brand"
        htmlFor={fieldId('brand')}
        error={errors.brand}
        hint="The maker's name as on the package, e.g. Kiva."
      >
        {input('brand')}
      </Field>
      <Field
        label="Potency unit"
        htmlFor={fieldId('potencyUnit')}
        error={errors.potencyUnit}
        hint="% of weight for flower, pre-rolls and concentrates; mg for edibles and drinks."
      >
        <select
          id={fieldId('potencyUnit')}
          className={inputClasses}
          value={values.potencyUnit}
          aria-invalid={errors.potencyUnit ? true : undefined}
          onChange={(event) => set('potencyUnit', event.target.value as '' | PotencyUnit)}
        >
          <option value="">Not stated</option>
          <option value="%">% (total THC/CBD of the weight)</option>
          <option value="mg">mg (per package and per serving)</option>
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={`THC (${unitWord})`}
          htmlFor={fieldId('thc')}
          error={errors.thc}
          hint={mg ? 'Total THC in the whole package.' : 'Total THC from the lab results.'}
        >
          {input('thc', { decimal: true, placeholder: mg ? '100' : '24' })}
        </Field>
        <Field
          label={`CBD (${unitWord})`}
          htmlFor={fieldId('cbd')}
          error={errors.cbd}
          hint="Leave empty when the lab found none."
        >
          {input('cbd', { decimal: true })}
        </Field>
      </div>
      {mg && (
        <div className="grid gap-4 rounded-xl border border-line bg-surface-2/50 p-3 sm:grid-cols-3">
          <Field
            label="THC per serving (mg)"
            htmlFor={fieldId('thcPerServing')}
            error={errors.thcPerServing}
            hint="Cards show it: 10 mg/piece."
          >
            {input('thcPerServing', { decimal: true, placeholder: '10' })}
          </Field>
          <Field
            label="CBD per serving (mg)"
            htmlFor={fieldId('cbdPerServing')}
            error={errors.cbdPerServing}
          >
            {input('cbdPerServing', { decimal: true })}
          </Field>
          <Field
            label="Serving name"
            htmlFor={fieldId('servingName')}
            error={errors.servingName}
            hint='One serving is a… "piece", "square", "can". Empty reads "serving".'
          >
            {input('servingName', { placeholder: 'piece' })}
          </Field>
        </div>
      )}
      <div className="grid grid-cols-[1fr_8rem] gap-4">
        <Field
          label="Net size"
          htmlFor={fieldId('netAmount')}
          error={errors.netAmount}
          hint="Net weight or volume of one unit, e.g. 3.5 g or 355 ml."
        >
          {input('netAmount', { decimal: true, placeholder: '3.5' })}
        </Field>
        <Field label="Unit" htmlFor={fieldId('netUnit')} error={errors.netUnit}>
          <select
            id={fieldId('netUnit')}
            className={inputClasses}
            value={values.netUnit}
            aria-invalid={errors.netUnit ? true : undefined}
            onChange={(event) => set('netUnit', event.target.value as '' | NetUnit)}
          >
            <option value="">—</option>
            {NET_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <EffectsField values={values} errors={errors} fieldId={fieldId} set={set} />
      <LabDocumentField values={values} errors={errors} fieldId={fieldId} set={set} />
    </>
  );
}

function EffectsField({ values, errors, fieldId, set }: Parameters<typeof ProductFactsFields>[0]) {
  const full = values.effects.length >= MAX_EFFECTS;
  const toggle = (effect: Effect, on: boolean) =>
    set(
      'effects',
      on
        ? EFFECTS.filter((e) => e === effect || values.effects.includes(e))
        : values.effects.filter((e) => e !== effect),
    );
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium" id={fieldId('effects')}>
        Effects
      </p>
      <fieldset
        aria-labelledby={fieldId('effects')}
        aria-describedby={fieldId('effects-hint')}
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      >
        {EFFECTS.map((effect) => {
          const checked = values.effects.includes(effect);
          return (
            <Checkbox
              key={effect}
              label={effectLabel(effect)}
              checked={checked}
              disabled={!checked && full}
              onChange={(on) => toggle(effect, on)}
            />
          );
        })}
      </fieldset>
      {errors.effects ? (
        <p className="text-xs font-medium text-danger">{errors.effects}</p>
      ) : (
        <p id={fieldId('effects-hint')} className="text-xs text-muted">
          Up to {MAX_EFFECTS}, the ones customers report most.
        </p>
      )}
    </div>
  );
}

function LabDocumentField({
  values,
  errors,
  fieldId,
  set,
}: Parameters<typeof ProductFactsFields>[0]) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    const outcome = await uploadLabDocument(file);
    setUploading(false);
    if (outcome.kind === 'ok') {
      set('labDocument', outcome.urls[0]);
      toast({ title: 'Lab document uploaded', variant: 'success' });
    } else {
      toast({
        title: 'Upload failed',
        description:
          outcome.kind === 'failed' ? outcome.message : 'The server did not answer with a file.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line p-3">
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium">Lab results</p>
        {values.labDocument ? (
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={values.labDocument}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm underline-offset-2 hover:underline"
            >
              <FileText aria-hidden="true" className="h-4 w-4" /> View lab document
            </a>
            <Button
              variant="outline"
              size="sm"
              onClick={() => set('labDocument', '')}
              aria-label="Remove lab document"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            {uploading ? 'Uploading…' : 'Upload lab document'}
          </Button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={LAB_DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Lab document file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        {errors.labDocument ? (
          <p className="text-xs font-medium text-danger">{errors.labDocument}</p>
        ) : (
          <p className="text-xs text-muted">
            The certificate of analysis: a PDF or a photo (JPEG, PNG, WebP), at most 10 MB.
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Lab name"
          htmlFor={fieldId('labName')}
          error={errors.labName}
          hint="The testing laboratory, e.g. SC Labs."
        >
          <input
            id={fieldId('labName')}
            className={inputClasses}
            value={values.labName}
            aria-invalid={errors.labName ? true : undefined}
            onChange={(event) => set('labName', event.target.value)}
          />
        </Field>
        <Field
          label="Test date"
          htmlFor={fieldId('labTestedOn')}
          error={errors.labTestedOn}
          hint="When the lab tested this batch."
        >
          <input
            id={fieldId('labTestedOn')}
            type="date"
            className={inputClasses}
            value={values.labTestedOn}
            aria-invalid={errors.labTestedOn ? true : undefined}
            onChange={(event) => set('labTestedOn', event.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}
