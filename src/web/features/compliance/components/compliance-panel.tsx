import { rateOn } from '@shared/compliance/rule-set';
import { JURISDICTIONS, RULE_SETS, ruleSetFor } from '@shared/compliance/rule-sets';
import { formatPercent } from '@shared/money';
import {
  type ComplianceSettingsBody,
  type ComplianceSettingsFields,
  complianceSettingsSchema,
} from '@shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import {
  type DealerSettings,
  dealerSettingsQueryOptions,
  useDealerSettings,
} from '@web/api/get-dealer-settings';
import { Button } from '@web/components/ui/button';
import { Field, fieldAria, inputClasses, selectClasses } from '@web/components/ui/form-controls';
import { Panel } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { useShopClock } from '@web/lib/shop-clock';
import { Scale } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { saveComplianceSettings } from '../api/save-compliance';

const LABELS = {
  jurisdiction: 'Rule set',
  salesTaxRate: 'Sales tax rate (%)',
  localTaxRate: 'Local cannabis tax rate (%)',
  pricesIncludeTaxes: 'Prices include taxes',
} as const;
type FieldName = keyof typeof LABELS;

const fieldFor = (path: string) => (path in LABELS ? (path as FieldName) : undefined);
const resolver = schemaResolver(complianceSettingsSchema, {
  fieldFor,
  sentence: labelledSentence(LABELS),
});

/** As the inputs hold them (text), so putting a rate back leaves the form unchanged. */
const formValues = (settings: DealerSettings): ComplianceSettingsBody => ({
  jurisdiction: settings.jurisdiction as ComplianceSettingsBody['jurisdiction'],
  salesTaxRate: settings.salesTaxRate === null ? '' : String(settings.salesTaxRate),
  localTaxRate: settings.localTaxRate === null ? '' : String(settings.localTaxRate),
  pricesIncludeTaxes: settings.pricesIncludeTaxes,
});

/** What the chosen rule set does at checkout, with the law each number comes from. */
function RuleSetSummary({ jurisdiction }: { jurisdiction: string }) {
  const ruleSet = ruleSetFor(jurisdiction);
  const { date } = useShopClock();
  const excise = ruleSet.exciseTax ? rateOn(ruleSet.exciseTax.rates, date) : null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2/50 p-4 text-sm">
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        {ruleSet.summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {(ruleSet.purchaseLimits.length > 0 || excise) && (
        <dl className="grid gap-2 text-xs text-muted sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {ruleSet.purchaseLimits.map((limit) => (
            <div key={limit.kind} className="contents">
              <dt className="font-semibold text-fg">
                {limit.grams} g of {limit.label} a day
              </dt>
              <dd>{limit.source}</dd>
            </div>
          ))}
          {excise && ruleSet.exciseTax && (
            <div className="contents">
              <dt className="font-semibold text-fg">
                {ruleSet.exciseTax.name} {formatPercent(excise.ratePercent)} today
              </dt>
              <dd>{excise.source}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

function ComplianceForm({ settings }: { settings: DealerSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<ComplianceSettingsBody, unknown, ComplianceSettingsFields>({
    defaultValues: formValues(settings),
    resolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const jurisdiction = form.watch('jurisdiction') ?? settings.jurisdiction;

  async function save(values: ComplianceSettingsFields) {
    try {
      const saved = await saveComplianceSettings(values);
      queryClient.setQueryData(dealerSettingsQueryOptions().queryKey, saved);
      form.reset(formValues(saved));
      toast({ title: 'Compliance settings saved.', variant: 'success' });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      toast({
        title: 'Error',
        description: 'Failed to save the compliance settings. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const rate = (field: 'salesTaxRate' | 'localTaxRate', hint: string) => {
    const fieldId = `${id}-${field}`;
    const error = errors[field]?.message;
    return (
      <Field label={LABELS[field]} htmlFor={fieldId} error={error} hint={hint}>
        <input
          id={fieldId}
          inputMode="decimal"
          className={inputClasses}
          {...fieldAria(fieldId, error, true)}
          {...form.register(field)}
        />
      </Field>
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid gap-4 md:grid-cols-3">
        <Field
          label={LABELS.jurisdiction}
          htmlFor={`${id}-jurisdiction`}
          error={errors.jurisdiction?.message}
          hint="The limits and taxes checkout applies."
        >
          <select
            id={`${id}-jurisdiction`}
            className={selectClasses}
            {...fieldAria(`${id}-jurisdiction`, errors.jurisdiction?.message, true)}
            {...form.register('jurisdiction')}
          >
            {JURISDICTIONS.map((key) => (
              <option key={key} value={key}>
                {RULE_SETS[key].name}
              </option>
            ))}
          </select>
        </Field>
        {rate('salesTaxRate', 'Your location’s rate; a delivery zone may set its own.')}
        {rate('localTaxRate', 'Leave empty when your city has none.')}
      </div>
      <div className="flex flex-col gap-1">
        <Controller
          control={form.control}
          name="pricesIncludeTaxes"
          render={({ field }) => (
            <Switch
              id={`${id}-pricesIncludeTaxes`}
              checked={field.value === true}
              onChange={field.onChange}
              label={LABELS.pricesIncludeTaxes}
            />
          )}
        />
        <p className="text-xs text-muted">
          Out-the-door prices: the menu and the cart show each price with its taxes; totals and
          receipts stay the same.
        </p>
      </div>
      <RuleSetSummary jurisdiction={jurisdiction} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted">
          These rules are a starting point, not legal advice: check them with your regulator.
        </p>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save Compliance Settings'}
        </Button>
      </div>
    </form>
  );
}

/** The dashboard's Compliance section (issue 16): rule set and tax rates. */
export function CompliancePanel({ id }: { id: string }) {
  const settings = useDealerSettings();
  return (
    <Panel
      id={id}
      title="Compliance"
      description="Purchase limits and taxes at checkout, from dated rules with their sources."
      icon={<Scale aria-hidden="true" className="h-5 w-5" />}
    >
      {settings.data ? (
        <ComplianceForm settings={settings.data} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </Panel>
  );
}
