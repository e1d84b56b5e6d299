import {
  type DoorCheck,
  type DoorCheckInput,
  ID_TYPE_LABELS,
  ID_TYPES,
  type IdCheckMethod,
  idTypeHasState,
  type TypedId,
  typedIdSchema,
} from '@shared/id-check/door-check';
import { checkId, type IdDetails } from '@shared/id-check/rule';
import { isPickup } from '@shared/order-lifecycle';
import type { Payment } from '@shared/payment';
import type { Order } from '@shared/schemas/orders';
import { Button } from '@web/components/ui/button';
import { Checkbox, Field, selectClasses, TextField } from '@web/components/ui/form-controls';
import { FormDialog } from '@web/components/ui/form-dialog';
import { SignatureField } from '@web/components/ui/signature-field';
import { useDialogFailure } from '@web/hooks/use-dialog-failure';
import { useTextFields } from '@web/hooks/use-text-fields';
import { labelledForm } from '@web/lib/form-errors';
import { useShopClock } from '@web/lib/shop-clock';
import { clsx } from 'clsx';
import { Keyboard, ScanLine, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CheckIdAt } from '../api/id-check-api';
import { type IdScan, IdScanner } from './id-scanner';
import { type PaymentDraft, PaymentStep, paymentDraftFor, readPayment } from './payment-step';

const LABELS = {
  idType: 'ID type',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  expiry: 'Expires',
  idNumber: 'ID number',
  state: 'State',
} as const;
type FieldName = keyof typeof LABELS;
type Values = TypedId;
type TypedIdInput = z.input<typeof typedIdSchema>;

const { fieldFor, resolver } = labelledForm(typedIdSchema, LABELS);
const EMPTY: TypedIdInput = {
  method: 'manual',
  idType: 'licence',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  expiry: '',
  idNumber: '',
  state: 'CA',
};

/** Only the name differs: the checker may confirm the person by hand (it is logged). */
const onlyNameDiffers = (checks: DoorCheck['checks']) =>
  checks.ofAge && checks.notExpired && checks.withinDailyLimits !== false && !checks.nameMatches;

function Verdict({ check }: { check: DoorCheck }) {
  const Icon = check.passed ? ShieldCheck : ShieldAlert;
  const method: IdCheckMethod = check.method;
  return (
    <div
      role="status"
      className={clsx(
        'flex items-start gap-3 rounded-xl border p-3 text-sm',
        check.passed ? 'border-ok/50 bg-ok/10' : 'border-danger/50 bg-danger/10',
      )}
    >
      <Icon
        aria-hidden="true"
        className={clsx('h-6 w-6 shrink-0', check.passed ? 'text-ok' : 'text-danger')}
      />
      <div className="min-w-0">
        <p className="text-base font-bold">
          {check.passed ? 'PASS' : 'FAIL'}
          <span className="text-xs font-medium text-muted">
            {' · '}
            {method === 'scan' ? 'read from the barcode' : 'typed by hand'}
          </span>
        </p>
        {check.passed ? (
          <p className="text-muted">
            21 or older, ID not expired,{' '}
            {check.nameConfirmed ? 'name confirmed by you' : 'name matches the order'}.
          </p>
        ) : (
          <ul className="list-disc pl-4">
            {check.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * The ID check before a handover (DCC §15404): at the door by the
 * driver, or at the counter and in the back office by staff. The checker scans the barcode on
 * the back of the ID or types what it says; the server decides PASS (21+ on the shop's date,
 * not expired, the orderer, within the day's limits) and keeps the result, never the number or
 * the birth date. A failed check binds: only an owner's leave allows another. A delivery is
 * then signed for; a pickup is handed over.
 */
export function HandoverDialog({
  order,
  checkIdAt,
  onClose,
  onHandOver,
  onReturn,
  handingOver,
}: {
  order: Order | null;
  checkIdAt: CheckIdAt;
  onClose: () => void;
  /** the customer's signature for a delivery (null for a pickup), and what they paid */
  onHandOver: (signature: string | null, payment: Payment) => void;
  /** the driver's way out after a failed check: bring the order back */
  onReturn?: () => void;
  handingOver: boolean;
}) {
  const id = useId();
  const today = useShopClock().date;
  const [check, setCheck] = useState<DoorCheck | null>(order?.idCheck ?? null);
  const [shownFor, setShownFor] = useState(order?.id ?? null);
  const [nameDiffers, setNameDiffers] = useState(false);
  const [confirmName, setConfirmName] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [payment, setPayment] = useState<PaymentDraft>(paymentDraftFor(order?.total ?? 0));
  const [unpaid, setUnpaid] = useState(false);
  const form = useForm<TypedIdInput, unknown, Values>({
    defaultValues: EMPTY,
    resolver,
    reValidateMode: 'onChange',
  });
  const { failure, setFailure, attempt } = useDialogFailure(form.setError, fieldFor);
  const field = useTextFields(form, LABELS);
  const { isSubmitting } = form.formState;
  const idType = form.watch('idType') ?? 'licence';

  // a stop keeps its last check: opening the dialog again shows it (a pass goes to the signature)
  if ((order?.id ?? null) !== shownFor) {
    setShownFor(order?.id ?? null);
    setCheck(order?.idCheck ?? null);
    setPayment(paymentDraftFor(order?.total ?? 0));
    setUnpaid(false);
  }
  const pickup = order ? isPickup(order.orderType) : false;
  const override = order?.idCheckOverride?.used === false ? order.idCheckOverride : null;
  const bound = check !== null && !check.passed && override === null;

  const close = () => {
    form.reset(EMPTY);
    setNameDiffers(false);
    setConfirmName(false);
    setFailure(null);
    setScanning(false);
    setSignature(null);
    setUnsigned(false);
    setUnpaid(false);
    onClose();
  };

  /** The server's check, after the browser's own reading asked about a differing name. */
  async function send(input: DoorCheckInput, details: IdDetails) {
    if (!order) return;
    setFailure(null);
    if (!confirmName) {
      const local = checkId(details, { today, customerName: order.customer });
      const asks = onlyNameDiffers({ ...local.checks, withinDailyLimits: true });
      setNameDiffers(asks);
      if (asks) return;
    }
    await attempt(async () => {
      const updated = await checkIdAt(order.id, { ...input, confirmName });
      setCheck(updated.idCheck);
      setNameDiffers(false);
    });
  }

  const typed = (values: Values) =>
    send(idTypeHasState(values.idType) ? values : { ...values, state: undefined }, values);

  const scanned = ({ text, id: read }: IdScan) => {
    setScanning(false);
    void send({ method: 'scan', barcode: text }, read);
  };

  const handOver = () => {
    const paid = readPayment(order?.total ?? 0, payment);
    setUnpaid(paid.payment === null);
    if (!pickup && !signature) setUnsigned(true);
    if (!paid.payment || (!pickup && !signature)) return;
    onHandOver(pickup ? null : signature, paid.payment);
  };

  const text = (
    name: Exclude<FieldName, 'idType'>,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      {...extra}
      {...field(name, {
        onChange: () => {
          setNameDiffers(false);
          setConfirmName(false);
        },
      })}
    />
  );
  const dateField = (name: 'dateOfBirth' | 'expiry') =>
    text(name, {
      inputMode: 'numeric',
      placeholder: 'YYYY-MM-DD',
      maxLength: 10,
      autoComplete: name === 'dateOfBirth' ? 'bday' : 'off',
    });

  const title = pickup
    ? `Hand over pickup #${order?.id ?? ''}`
    : `Check the ID for order #${order?.id ?? ''}`;
  const passed = check?.passed === true;
  return (
    <FormDialog
      open={order !== null}
      onClose={close}
      title={title}
      description={
        pickup
          ? `Check the ID of ${order?.customer ?? 'the customer'} at the counter: scan the barcode on its back, or type what it says.`
          : `Scan the barcode on the back of the customer's ID, or type what it says. The order is for ${order?.customer ?? ''}.`
      }
      actions={
        <>
          {bound && onReturn && (
            <Button variant="danger" onClick={onReturn}>
              Return to shop
            </Button>
          )}
          {passed && (
            <Button onClick={handOver} disabled={handingOver}>
              Hand over
            </Button>
          )}
        </>
      }
      submitLabel={passed || bound ? null : isSubmitting ? 'Checking...' : 'Check ID'}
      pending={isSubmitting}
      failure={failure}
      formLabel="ID check"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(typed)}
    >
      {check && <Verdict check={check} />}
      {bound && (
        <p className="rounded-xl border border-line bg-surface-2/60 p-3 text-sm">
          A failed ID check stands. Only the owner can allow one more check, with a written reason.
        </p>
      )}
      {override && !passed && (
        <p className="rounded-xl border border-warn/50 bg-warn/10 p-3 text-sm">
          {override.byName} allowed one more check: {override.reason}
        </p>
      )}
      {!passed && !bound && (
        <>
          {scanning ? (
            <>
              <IdScanner onScan={scanned} />
              <Button variant="outline" onClick={() => setScanning(false)}>
                <Keyboard aria-hidden="true" className="h-4 w-4" />
                Type it instead
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="lg" onClick={() => setScanning(true)}>
              <ScanLine aria-hidden="true" className="h-5 w-5" />
              Scan the ID's barcode
            </Button>
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label={LABELS.idType} htmlFor={`${id}-idType`}>
              <select id={`${id}-idType`} className={selectClasses} {...form.register('idType')}>
                {ID_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ID_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </Field>
            {idTypeHasState(idType) &&
              text('state', { maxLength: 2, autoCapitalize: 'characters' })}
            {text('firstName', { autoComplete: 'off' })}
            {text('lastName', { autoComplete: 'off' })}
            {dateField('dateOfBirth')}
            {dateField('expiry')}
            {text('idNumber', { autoCapitalize: 'characters' })}
          </div>
          {nameDiffers && (
            <Checkbox
              checked={confirmName}
              onChange={setConfirmName}
              label={`The name on the ID differs, but I made sure this is ${order?.customer ?? 'the customer'}.`}
            />
          )}
        </>
      )}
      {passed && order && (
        <PaymentStep
          total={order.total}
          draft={payment}
          onChange={setPayment}
          showProblem={unpaid}
        />
      )}
      {passed && !pickup && (
        <SignatureField
          label={`${order?.customer ?? 'The customer'}'s signature`}
          hint="Ask the customer to sign in the box with a finger."
          error={unsigned && !signature ? 'Ask the customer to sign before handing over.' : null}
          onChange={setSignature}
        />
      )}
    </FormDialog>
  );
}
