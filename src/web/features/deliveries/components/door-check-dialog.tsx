import type { AamvaId } from '@shared/id-check/aamva';
import {
  type DoorCheck,
  type DoorCheckInput,
  doorCheckSchema,
  type IdCheckMethod,
} from '@shared/id-check/door-check';
import type { Order } from '@shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { deliveryKeys } from '@web/api/get-deliveries';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { Checkbox, TextField } from '@web/components/ui/form-controls';
import { SignatureField } from '@web/components/ui/signature-field';
import { errorText } from '@web/lib/error-messages';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { clsx } from 'clsx';
import { Keyboard, ScanLine, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkIdAtDoor } from '../api/delivery-mutations';
import { IdScanner } from './id-scanner';

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  expiry: 'Expires',
  idNumber: 'ID number',
  state: 'State',
} as const;
type FieldName = keyof typeof LABELS;
type Values = Pick<DoorCheckInput, FieldName>;

const fieldSchema = doorCheckSchema.pick({
  firstName: true,
  lastName: true,
  dateOfBirth: true,
  expiry: true,
  idNumber: true,
  state: true,
});
const fieldFor = (path: string) => (path in LABELS ? (path as FieldName) : undefined);
const resolver = schemaResolver(fieldSchema, { fieldFor, sentence: labelledSentence(LABELS) });
const EMPTY: Values = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  expiry: '',
  idNumber: '',
  state: 'CA',
};

/** Only the name differs: the driver may confirm the person by hand (it is logged). */
const onlyNameDiffers = (check: DoorCheck) =>
  check.checks.ofAge &&
  check.checks.notExpired &&
  check.checks.withinDailyLimits !== false &&
  !check.checks.nameMatches;

/** What the barcode says, in the form's fields. */
const scannedValues = (id: AamvaId): Values => ({
  firstName: id.firstName,
  lastName: id.lastName,
  dateOfBirth: id.dateOfBirth,
  expiry: id.expiry,
  idNumber: id.idNumber,
  state: id.state ?? EMPTY.state,
});

function Verdict({ check, method }: { check: DoorCheck; method: IdCheckMethod }) {
  const Icon = check.passed ? ShieldCheck : ShieldAlert;
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
          <span className="ml-2 text-xs font-medium text-muted">
            {method === 'scan' ? 'from the barcode' : 'typed by hand'}
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
 * The ID check at the door (issue 17 §3, DCC §15404): the driver scans the barcode on the
 * back of the ID or types what it says; the server decides PASS (21+ on the shop's date, not
 * expired, the orderer, within the day's limits) and keeps the result, never the number or the
 * birth date. Only a passed check and the customer's signature let the order be handed over.
 */
export function DoorCheckDialog({
  order,
  onClose,
  onHandOver,
  onReturn,
  handingOver,
}: {
  order: Order | null;
  onClose: () => void;
  onHandOver: (signature: string) => void;
  onReturn: () => void;
  handingOver: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<DoorCheck | null>(null);
  const [confirmName, setConfirmName] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [method, setMethod] = useState<IdCheckMethod>('manual');
  const [scanning, setScanning] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const form = useForm<Values>({ defaultValues: EMPTY, resolver, reValidateMode: 'onChange' });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setCheck(null);
    setConfirmName(false);
    setFailure(null);
    setMethod('manual');
    setScanning(false);
    setSignature(null);
    setUnsigned(false);
    onClose();
  };

  async function submit(values: Values, how: IdCheckMethod = method) {
    if (!order) return;
    setFailure(null);
    try {
      const updated = await checkIdAtDoor(order.id, { ...values, method: how, confirmName });
      setCheck(updated.idCheck);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      setFailure(errorText(error));
    }
  }

  const scanned = (id: AamvaId) => {
    const values = scannedValues(id);
    form.reset(values);
    setMethod('scan');
    setScanning(false);
    void form.handleSubmit((valid) => submit(valid, 'scan'))();
  };

  const handOver = () => {
    if (signature) onHandOver(signature);
    else setUnsigned(true);
  };

  const text = (
    field: FieldName,
    type = 'text',
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      id={`${id}-${field}`}
      label={LABELS[field]}
      error={errors[field]?.message}
      type={type}
      {...extra}
      registration={form.register(field, {
        onChange: () => {
          setCheck(null);
          setMethod('manual');
        },
      })}
    />
  );

  return (
    <DialogFrame
      open={order !== null}
      onClose={close}
      title={`Check the ID for order #${order?.id ?? ''}`}
      description={`Scan the barcode on the back of the customer's ID, or type what it says. The order is for ${order?.customer ?? ''}.`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          {check && !check.passed && (
            <Button variant="danger" onClick={onReturn}>
              Return to shop
            </Button>
          )}
          {check?.passed ? (
            <Button onClick={handOver} disabled={handingOver}>
              Hand over
            </Button>
          ) : (
            <Button type="submit" form={`${id}-form`} disabled={isSubmitting}>
              {isSubmitting ? 'Checking...' : 'Check ID'}
            </Button>
          )}
        </div>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        aria-label="ID check"
        className="flex flex-col gap-4"
        onSubmit={(event) => void form.handleSubmit((values) => submit(values))(event)}
      >
        {scanning ? (
          <>
            <IdScanner onScan={scanned} />
            <Button variant="outline" onClick={() => setScanning(false)}>
              <Keyboard aria-hidden="true" className="h-4 w-4" />
              Type it instead
            </Button>
          </>
        ) : (
          !check?.passed && (
            <Button variant="secondary" size="lg" onClick={() => setScanning(true)}>
              <ScanLine aria-hidden="true" className="h-5 w-5" />
              Scan the ID's barcode
            </Button>
          )
        )}
        <div className="grid grid-cols-2 gap-3">
          {text('firstName')}
          {text('lastName')}
          {text('dateOfBirth', 'date')}
          {text('expiry', 'date')}
          {text('idNumber', 'text', { autoCapitalize: 'characters' })}
          {text('state', 'text', { maxLength: 2, autoCapitalize: 'characters' })}
        </div>
        {check && <Verdict check={check} method={method} />}
        {check?.passed && (
          <SignatureField
            label={`${order?.customer ?? 'The customer'}'s signature`}
            hint="Ask the customer to sign in the box with a finger."
            error={unsigned && !signature ? 'Ask the customer to sign before handing over.' : null}
            onChange={setSignature}
          />
        )}
        {check && !check.passed && onlyNameDiffers(check) && (
          <Checkbox
            checked={confirmName}
            onChange={setConfirmName}
            label={`The name differs, but I made sure this is ${order?.customer ?? 'the customer'}.`}
          />
        )}
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
      </form>
    </DialogFrame>
  );
}
