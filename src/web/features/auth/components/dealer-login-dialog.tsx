import { TIMERS } from '@shared/constants';
import { type LoginInput, loginSchema } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@web/api/get-session';
import { Button } from '@web/components/ui/button';
import { Field, fieldAria, inputClasses } from '@web/components/ui/form-controls';
import { Modal } from '@web/components/ui/modal';
import { toast } from '@web/components/ui/toast';
import { appModeStore } from '@web/lib/app-mode';
import { labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { landingPathFor } from '@web/lib/paths';
import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { logIn, loginErrorMessage } from '../api/login';

const loginResolver = schemaResolver(loginSchema, {
  fieldFor: (path) => (path === 'username' || path === 'password' ? path : undefined),
  sentence: labelledSentence({ username: 'Username', password: 'Password' }),
});
const EMPTY: LoginInput = { username: '', password: '' };

/**
 * Spec §2.2, §4, §8: the hidden Dealer Authentication dialog. The server checks
 * the credentials; the browser only learns the outcome (and keeps no secret).
 */
export function DealerLoginDialog({
  open,
  stayOn = null,
  onClose,
}: {
  open: boolean;
  /** the staff page it was opened on: signing in stays there */
  stayOn?: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<LoginInput, unknown, LoginInput>({
    defaultValues: EMPTY,
    resolver: loginResolver,
    reValidateMode: 'onChange',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, isSubmitting: pending } = form.formState;
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const close = () => {
    // spec §4: closing clears the fields and the error
    form.reset(EMPTY);
    setServerError(null);
    onClose();
  };

  const submit = async (credentials: LoginInput) => {
    setServerError(null);
    try {
      const session = await logIn(credentials);
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
      toast({ title: 'Authenticated', description: 'You have successfully logged in as dealer' });
      close();
      redirectTimer.current = window.setTimeout(() => {
        appModeStore.set('dealer');
        navigate(stayOn ?? landingPathFor(session.role));
        toast({
          title: 'Dealer Mode Activated',
          description: 'Authentication successful. Dealer interface unlocked',
          durationMs: TIMERS.dealerToastMs,
        });
      }, TIMERS.redirectAfterLoginMs);
    } catch (failure) {
      const message = loginErrorMessage(failure);
      setServerError(message);
      form.resetField('password');
      toast({ title: 'Authentication Failed', description: message, variant: 'destructive' });
    }
  };

  const usernameError = errors.username?.message;
  const passwordError = errors.password?.message;

  return (
    <Modal open={open} onClose={close} labelledBy={`${id}-title`}>
      <form
        noValidate
        onSubmit={(event) => {
          if (pending) return event.preventDefault();
          void form.handleSubmit(submit)(event);
        }}
        className="flex w-[min(26rem,calc(100vw-2rem))] flex-col gap-5 rounded-2xl border border-line bg-surface p-6 shadow-2xl"
      >
        <div className="flex items-center gap-3">
          <span className="grid h-11 w-11 place-items-center rounded-xl bg-primary/15 text-primary">
            <LockKeyhole aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-lg font-bold">
              Dealer Authentication
            </h2>
            <p className="text-sm text-muted">Sign in to manage the shop.</p>
          </div>
        </div>
        <Field label="Username" htmlFor={`${id}-username`} error={usernameError}>
          <input
            id={`${id}-username`}
            data-autofocus
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClasses}
            {...fieldAria(`${id}-username`, usernameError)}
            aria-invalid={usernameError || serverError ? true : undefined}
            {...form.register('username')}
          />
        </Field>
        <Field label="Password" htmlFor={`${id}-password`} error={passwordError}>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            className={inputClasses}
            {...fieldAria(`${id}-password`, passwordError)}
            aria-invalid={passwordError || serverError ? true : undefined}
            aria-describedby={
              passwordError ? `${id}-password-error` : serverError ? `${id}-error` : undefined
            }
            {...form.register('password')}
          />
        </Field>
        {serverError && (
          <p
            id={`${id}-error`}
            role="alert"
            className="rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
          >
            {serverError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} className="min-w-24">
            {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
            Login
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export default DealerLoginDialog;
