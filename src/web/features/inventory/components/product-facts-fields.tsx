import { EFFECTS, type Effect, effectLabel, MAX_EFFECTS, NET_UNITS } from '@shared/product-facts';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { LAB_DOCUMENT_ACCEPT, uploadLabDocument } from '../api/upload-media';
import {
  ProductField,
  ProductFieldGroup,
  type ProductFormBinding,
  type TextFieldSpec,
} from './product-field';

const POTENCY_UNITS = [
  { value: '', label: 'Not stated' },
  { value: '%', label: '% (total THC/CBD of the weight)' },
  { value: 'mg', label: 'mg (per package and per serving)' },
] as const;

/** The facts' fields, as they read with the potency in % or in mg. */
function factFields(mg: boolean) {
  const unitWord = mg ? 'mg per package' : '%';
  return {
    brand: {
      key: 'brand',
      label: 'Brand',
      hint: "The maker's name as on the package, e.g. Kiva.",
    },
    potencyUnit: {
      key: 'potencyUnit',
      label: 'Potency unit',
      hint: '% of weight for flower, pre-rolls and concentrates; mg for edibles and drinks.',
      options: POTENCY_UNITS,
    },
    potency: [
      {
        key: 'thc',
        label: `THC (${unitWord})`,
        hint: mg ? 'Total THC in the whole package.' : 'Total THC from the lab results.',
        decimal: true,
        placeholder: mg ? '100' : '24',
      },
      {
        key: 'cbd',
        label: `CBD (${unitWord})`,
        hint: 'Leave empty when the lab found none.',
        decimal: true,
      },
    ],
    serving: [
      {
        key: 'thcPerServing',
        label: 'THC per serving (mg)',
        hint: 'Cards show it: 10 mg/piece.',
        decimal: true,
        placeholder: '10',
      },
      { key: 'cbdPerServing', label: 'CBD per serving (mg)', decimal: true },
      {
        key: 'servingName',
        label: 'Serving name',
        hint: 'One serving is a… "piece", "square", "can". Empty reads "serving".',
        placeholder: 'piece',
      },
    ],
    net: [
      {
        key: 'netAmount',
        label: 'Net size',
        hint: 'Net weight or volume of one unit, e.g. 3.5 g or 355 ml.',
        decimal: true,
        placeholder: '3.5',
      },
      {
        key: 'netUnit',
        label: 'Unit',
        options: [
          { value: '', label: '—' },
          ...NET_UNITS.map((unit) => ({ value: unit, label: unit })),
        ],
      },
    ],
    lab: [
      { key: 'labName', label: 'Lab name', hint: 'The testing laboratory, e.g. SC Labs.' },
      {
        key: 'labTestedOn',
        label: 'Test date',
        hint: 'When the lab tested this batch.',
        type: 'date',
      },
    ],
  } satisfies Record<string, TextFieldSpec | readonly TextFieldSpec[]>;
}

/** The product form's "Product facts" section: every fact optional, each explained. */
export function ProductFactsFields({ form }: { form: ProductFormBinding }) {
  const mg = form.values.potencyUnit === 'mg';
  const fields = factFields(mg);
  return (
    <>
      <p className="text-sm text-muted">
        All optional. Shoppers filter and compare by these; cards show the brand and potency.
      </p>
      <ProductField spec={fields.brand} form={form} />
      <ProductField spec={fields.potencyUnit} form={form} />
      <ProductFieldGroup specs={fields.potency} form={form} className="grid gap-4 sm:grid-cols-2" />
      {mg && (
        <ProductFieldGroup
          specs={fields.serving}
          form={form}
          className="grid gap-4 rounded-xl border border-line bg-surface-2/50 p-3 sm:grid-cols-3"
        />
      )}
      <ProductFieldGroup
        specs={fields.net}
        form={form}
        className="grid grid-cols-[1fr_8rem] gap-4"
      />
      <EffectsField form={form} />
      <LabDocumentField form={form} fields={fields.lab} />
    </>
  );
}

function EffectsField({ form: { values, errors, fieldId, set } }: { form: ProductFormBinding }) {
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
  form,
  fields,
}: {
  form: ProductFormBinding;
  fields: readonly TextFieldSpec[];
}) {
  const { values, errors, set } = form;
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
      <ProductFieldGroup specs={fields} form={form} className="grid gap-4 sm:grid-cols-2" />
    </div>
  );
}
