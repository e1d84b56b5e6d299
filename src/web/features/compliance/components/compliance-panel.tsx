import { rateOn } from '@shared/compliance/rule-set';
import { JURISDICTIONS, RULE_SETS, ruleSetFor } from '@shared/compliance/rule-sets';
import { formatPercent } from '@shared/money';
import { type ComplianceSettingsBody, complianceSettingsSchema } from '@shared/schemas/settings';
import type { DealerSettings } from '@web/api/get-dealer-settings';
import { Field, fieldAria, selectClasses, TextField } from '@web/components/ui/form-controls';
import type { PanelHeading } from '@web/components/ui/panel';
import { SettingsForm } from '@web/components/ui/settings-form';
import { Switch } from '@web/components/ui/switch';
import { useTextFields } from '@web/hooks/use-text-fields';
import { labelledForm } from '@web/lib/form-errors';
import { toFormText } from '@web/lib/form-text';
import { useShopClock } from '@web/lib/shop-clock';
import { Scale } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useDealerSettingsForm } from '../hooks/use-dealer-settings-form';
import { DealerSettingsPanel } from './dealer-settings-panel';

const LABELS = {
  jurisdiction: 'Rule set',
  salesTaxRate: 'Sales tax rate (%)',
  localTaxRate: 'Local cannabis tax rate (%)',
  pricesIncludeTaxes: 'Prices include taxes',
} as const;

const { fieldFor, resolver } = labelledForm(complianceSettingsSchema, LABELS);

const HEADING: PanelHeading = {
  title: 'Compliance',
  description: 'Purchase limits and taxes at checkout, from dated rules with their sources.',
  icon: <Scale aria-hidden="true" className="h-5 w-5" />,
};

/** As the inputs hold them (text), so putting a rate back leaves the form unchanged. */
const formValues = (settings: DealerSettings): ComplianceSettingsBody => ({
  jurisdiction: settings.jurisdiction as ComplianceSettingsBody['jurisdiction'],
  salesTaxRate: toFormText(settings.salesTaxRate),
  localTaxRate: toFormText(settings.localTaxRate),
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
  const { form, formProps } = useDealerSettingsForm(settings, {
    toForm: formValues,
    resolver,
    fieldFor,
    what: 'compliance settings',
  });
  const field = useTextFields(form, LABELS);
  const { errors } = form.formState;
  const jurisdiction = form.watch('jurisdiction') ?? settings.jurisdiction;

  const rate = (name: 'salesTaxRate' | 'localTaxRate', hint: string) => (
    <TextField {...field(name)} hint={hint} inputMode="decimal" />
  );

  return (
    <SettingsForm
      {...formProps}
      saveLabel="Save Compliance Settings"
      note="These rules are a starting point, not legal advice: check them with your regulator."
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
    </SettingsForm>
  );
}

/** The dashboard's Compliance section: rule set and tax rates. */
export function CompliancePanel({ id }: { id: string }) {
  return <DealerSettingsPanel id={id} {...HEADING} Form={ComplianceForm} />;
}
