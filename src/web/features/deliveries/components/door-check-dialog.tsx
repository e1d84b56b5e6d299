import { type DoorCheck, type DoorCheckInput, doorCheckSchema } from '@shared/id-check/door-check';
import type { Order } from '@shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { deliveryKeys } from '@web/api/get-deliveries';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { Checkbox, TextField } from '@web/components/ui/form-controls';
import { errorText } from '@web/lib/error-messages';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { clsx } from 'clsx';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkIdAtDoor } from '../api/delivery-mutations';

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
  check.checks.ofAge && check.checks.notExpired && !check.checks.nameMatches;

function Verdict({ check }: { check: DoorCheck }) {
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
        <p className="text-base font-bold">{check.passed ? 'PASS' : 'FAIL'}</p>
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
 * The ID check at the door (issue 17 §3, DCC §15404): the driver types what the ID says; the
 * server decides PASS (21+ on the shop's date, not expired, the orderer) and keeps the result,
 * never the number or the birth date. Only a passed check lets the order be handed over.
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
  onHandOver: () => void;
  onReturn: () => void;
  handingOver: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<DoorCheck | null>(null);
  const [confirmName, setConfirmName] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: EMPTY, resolver, reValidateMode: 'onChange' });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setCheck(null);
    setConfirmName(false);
    setFailure(null);
    onClose();
  };

  async function submit(values: Values) {
    if (!order) return;
    setFailure(null);
    try {
      const updated = await checkIdAtDoor(order.id, { ...values, method: 'manual', confirmName });
      setCheck(updated.idCheck);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      setFailure(errorText(error));
    }
  }

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
      registration={form.register(field, { onChange: () => setCheck(null) })}
    />
  );

  return (
    <DialogFrame
      open={order !== null}
      onClose={close}
      title={`Check the ID for order #${order?.id ?? ''}`}
      description={`Type what the customer's ID says. The order is for ${order?.customer ?? ''}.`}
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
            <Button onClick={onHandOver} disabled={handingOver}>
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
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <div className="grid grid-cols-2 gap-3">
          {text('firstName')}
          {text('lastName')}
          {text('dateOfBirth', 'date')}
          {text('expiry', 'date')}
          {text('idNumber', 'text', { autoCapitalize: 'characters' })}
          {text('state', 'text', { maxLength: 2, autoCapitalize: 'characters' })}
        </div>
        {check && <Verdict check={check} />}
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
