import { TIMERS } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@web/api/get-session';
import { paths } from '@web/app/paths';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { toast } from '@web/components/ui/toast';
import { appModeStore } from '@web/lib/app-mode';
import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { logIn, loginErrorMessage } from '../api/login';

const inputClasses =
  'h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-fg placeholder:text-muted/70 focus:border-primary focus:outline-none aria-[invalid=true]:border-danger sm:text-sm';

/**
 * Spec §2.2, §4, §8: the hidden Dealer Authentication dialog. The server checks
 * the credentials; the browser only learns the outcome (and keeps no secret).
 */
export function DealerLoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const close = () => {
    // spec §4: closing clears the fields and the error
    setUsername('');
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const session = await logIn({ username: username.trim(), password });
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
      toast({ title: 'Authenticated', description: 'You have successfully logged in as dealer' });
      close();
      redirectTimer.current = window.setTimeout(() => {
        appModeStore.set('dealer');
        navigate(paths.dealer);
        toast({
          title: 'Dealer Mode Activated',
          description: 'Authentication successful. Dealer interface unlocked',
          durationMs: TIMERS.dealerToastMs,
        });
      }, TIMERS.redirectAfterLoginMs);
    } catch (failure) {
      const message = loginErrorMessage(failure);
      setError(message);
      setPassword('');
      toast({ title: 'Authentication Failed', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={close} labelledBy={`${id}-title`}>
      <form
        onSubmit={submit}
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-username`} className="text-sm font-medium">
            Username
          </label>
          <input
            id={`${id}-username`}
            data-autofocus
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={error ? true : undefined}
            className={inputClasses}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            Password
          </label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClasses}
          />
        </div>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
          >
            {error}
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
