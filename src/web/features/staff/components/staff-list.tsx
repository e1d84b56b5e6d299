import {
  ROLE_LABELS,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  type StaffChangeInput,
  type StaffRole,
  staffDetailsSchema,
} from '@shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StaffMember, staffKeys } from '@web/api/get-staff';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Field,
  fieldAria,
  inputClasses,
  selectClasses,
  TextField,
} from '@web/components/ui/form-controls';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { useTextFields } from '@web/hooks/use-text-fields';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { KeyRound, type LucideIcon, Pencil } from 'lucide-react';
import {
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
  useId,
  useState,
} from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeStaff } from '../api/save-staff';

function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StaffChangeInput }) =>
      changeStaff(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    onError: (error) =>
      toast({
        title: 'Not changed',
        description:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : 'Please try again.',
        variant: 'destructive',
      }),
  });
}

function ResetPassword({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeStaff();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
      setError(`New password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    change.mutate(
      { id: member.id, change: { password } },
      {
        onSuccess: () => {
          toast({ title: `${member.firstName}'s password was reset.`, variant: 'success' });
          onDone();
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Reset the password of ${member.username}`}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field
        label="New password"
        htmlFor={id}
        error={error}
        hint="Signs them out everywhere."
        className="flex-1"
      >
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (e.target.value.length >= STAFF_PASSWORD_MIN_LENGTH) setError(null);
          }}
          className={inputClasses}
          {...fieldAria(id, error, true)}
        />
      </Field>
      <div className="flex gap-2 sm:pb-6">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          Save Password
        </Button>
      </div>
    </form>
  );
}

const detailsSchema = staffDetailsSchema;
type Details = z.input<typeof detailsSchema>;
const DETAIL_LABELS = { firstName: 'First name', employeeNumber: 'Employee number' } as const;
const detailField = (path: string) =>
  path in DETAIL_LABELS ? (path as keyof typeof DETAIL_LABELS) : undefined;
const detailsResolver = schemaResolver(detailsSchema, {
  fieldFor: detailField,
  sentence: labelledSentence(DETAIL_LABELS),
});

/**
 * The owner records anyone's first name and employee number, their own included:
 * receipts print them (DCC §15420), so "employee no. not recorded" can be put right.
 */
function EditDetails({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const change = useChangeStaff();
  const form = useForm<Details, unknown, z.output<typeof detailsSchema>>({
    defaultValues: { firstName: member.firstName, employeeNumber: member.employeeNumber },
    resolver: detailsResolver,
  });
  const field = useTextFields(form, DETAIL_LABELS);
  const submit = form.handleSubmit((details) =>
    change.mutateAsync({ id: member.id, change: details }).then(
      () => {
        toast({ title: `${details.firstName}'s details were saved.`, variant: 'success' });
        onDone();
      },
      (error) => void applyServerErrors(error, form.setError, detailField),
    ),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Edit the details of ${member.username}`}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <TextField {...field('firstName')} />
      <TextField {...field('employeeNumber')} hint="Printed on receipts" />
      <div className="flex gap-2 sm:pt-6">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Opens or closes one of a member's forms under the row; the button names the member. */
function FormToggle({
  icon: Icon,
  open,
  setOpen,
  who,
  children,
}: {
  icon: LucideIcon;
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  who: string;
  children: ReactNode;
}) {
  return (
    <Button variant="outline" size="sm" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
      <span className="sr-only"> of {who}</span>
    </Button>
  );
}

function StaffRow({ member, isYou }: { member: StaffMember; isYou: boolean }) {
  const id = useId();
  const change = useChangeStaff();
  const [resetting, setResetting] = useState(false);
  const [editing, setEditing] = useState(false);
  const setRole = (role: StaffRole) => change.mutate({ id: member.id, change: { role } });
  const setActive = (active: boolean) =>
    change.mutate({ id: member.id, change: { disabled: !active } });

  return (
    <li data-testid="staff-member" className="flex flex-col gap-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {member.firstName || member.username}
            {isYou && <Badge>You</Badge>}
            {member.disabled && <Badge tone="danger">Disabled</Badge>}
          </p>
          <p className="text-sm text-muted">
            {member.username} ·{' '}
            {member.employeeNumber
              ? `Employee #${member.employeeNumber}`
              : 'No employee number yet'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label htmlFor={`${id}-role`} className="sr-only">
            Role of {member.username}
          </label>
          <select
            id={`${id}-role`}
            value={member.role}
            disabled={change.isPending}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            className={`${selectClasses} w-36`}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role].name}
              </option>
            ))}
          </select>
          <Switch
            checked={!member.disabled}
            onChange={setActive}
            label={
              <span>
                Active<span className="sr-only">: {member.username}</span>
              </span>
            }
          />
          <FormToggle icon={Pencil} open={editing} setOpen={setEditing} who={member.username}>
            Edit details
          </FormToggle>
          <FormToggle icon={KeyRound} open={resetting} setOpen={setResetting} who={member.username}>
            Reset password
          </FormToggle>
        </div>
      </div>
      {editing && <EditDetails member={member} onDone={() => setEditing(false)} />}
      {resetting && <ResetPassword member={member} onDone={() => setResetting(false)} />}
    </li>
  );
}

/** Every account with its role, whether it may sign in, and a password reset. */
export function StaffList({ staff, you }: { staff: StaffMember[]; you: string | null }) {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
      {staff.map((member) => (
        <StaffRow key={member.id} member={member} isYou={member.username === you} />
      ))}
    </ul>
  );
}
