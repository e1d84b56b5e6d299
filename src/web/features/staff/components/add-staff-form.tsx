import {
  type NewStaffInput,
  newStaffSchema,
  ROLE_LABELS,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
} from '@shared/staff';
import { useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@web/api/get-staff';
import { Button } from '@web/components/ui/button';
import { Field, fieldAria, selectClasses, TextField } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { useTextFields } from '@web/hooks/use-text-fields';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors, labelledForm } from '@web/lib/form-errors';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { addStaff } from '../api/save-staff';

const LABELS = {
  firstName: 'First name',
  username: 'Username',
  employeeNumber: 'Employee number',
  role: 'Role',
  password: 'Initial password',
} as const;
type FieldName = keyof typeof LABELS;

const HINTS: Partial<Record<FieldName, string>> = {
  firstName: 'Shown to shoppers and on receipts.',
  employeeNumber: 'Printed on receipts (DCC §15420).',
  password: `At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Share it in person.`,
};

const { fieldFor, resolver } = labelledForm(newStaffSchema, LABELS);
const EMPTY: NewStaffInput = {
  firstName: '',
  username: '',
  employeeNumber: '',
  role: 'driver',
  password: '',
};

/** The owner adds a member of staff: who they are, their role and a first password. */
export function AddStaffForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<NewStaffInput>({
    defaultValues: EMPTY,
    resolver,
    reValidateMode: 'onChange',
  });
  const field = useTextFields(form, LABELS);
  const { errors, isSubmitting } = form.formState;

  async function save(values: NewStaffInput) {
    try {
      const added = await addStaff(values);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      toast({
        title: `${added.firstName} added as ${ROLE_LABELS[added.role].name.toLowerCase()}.`,
        variant: 'success',
      });
      form.reset(EMPTY);
    } catch (error) {
      if (applyServerErrors(error, form.setError, fieldFor) > 0) return;
      const refusal = error instanceof ApiError ? error : null;
      form.setError(refusal?.code === 'EMPLOYEE_NUMBER_TAKEN' ? 'employeeNumber' : 'username', {
        type: 'server',
        message: refusal?.serverMessage ?? 'Could not add the staff member. Please try again.',
      });
    }
  }

  const text = (name: Exclude<FieldName, 'role'>, type = 'text', autoComplete = 'off') => (
    <TextField {...field(name)} hint={HINTS[name]} type={type} autoComplete={autoComplete} />
  );
  const roleId = `${id}-role`;

  return (
    <form
      noValidate
      aria-label="Add a staff member"
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface-2/40 p-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('firstName')}
        {text('username')}
        {text('employeeNumber')}
        <Field
          label={LABELS.role}
          htmlFor={roleId}
          error={errors.role?.message}
          hint={ROLE_LABELS[form.watch('role')]?.description}
        >
          <select
            id={roleId}
            className={selectClasses}
            {...fieldAria(roleId, errors.role?.message, true)}
            {...form.register('role')}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role].name}
              </option>
            ))}
          </select>
        </Field>
        {text('password', 'password', 'new-password')}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add Staff Member'}
        </Button>
      </div>
    </form>
  );
}
