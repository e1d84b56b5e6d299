import { TIMERS } from '@shared/constants';
import type { ContactMessage } from '@shared/types';
import { buttonClasses } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { CheckCircle2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSendContact } from '../api/send-contact';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY: ContactMessage = { name: '', email: '', phone: '', message: '' };

type Status = 'idle' | 'submitting' | 'sent';

const fieldClasses =
  'w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-fg placeholder:text-muted/70 disabled:opacity-60';

/** Spec §2.2 / §4 / §5: the footer Contact Us form. */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const send = useSendContact();

  useEffect(() => {
    if (status !== 'sent') return;
    const timer = window.setTimeout(() => {
      setValues(EMPTY);
      setStatus('idle');
    }, TIMERS.contactResetMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  const set = (field: keyof ContactMessage) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed: ContactMessage = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      message: values.message.trim(),
    };
    if (!trimmed.name || !trimmed.email || !trimmed.phone || !trimmed.message) {
      toast({
        title: 'Missing information',
        description: 'Please fill out all fields to send your message.',
        variant: 'destructive',
      });
      return;
    }
    if (!EMAIL_PATTERN.test(trimmed.email)) {
      toast({
        title: 'Invalid email',
        description: 'Please enter a valid email address.',
        variant: 'destructive',
      });
      return;
    }
    setStatus('submitting');
    try {
      const answer = await send.mutateAsync(trimmed);
      setStatus('sent');
      toast({
        title: 'Message sent!',
        description:
          answer?.message || "We'll get back to you soon via your provided contact information.",
      });
    } catch (error) {
      setStatus('idle');
      toast({
        title: 'Error sending message',
        description:
          (error instanceof ApiError && error.serverMessage) ||
          'Please try again later or contact us directly.',
        variant: 'destructive',
      });
    }
  };

  if (status === 'sent') {
    return (
      <div
        role="status"
        className="flex min-h-80 flex-col items-center justify-center gap-3 rounded-2xl border border-line bg-surface p-8 text-center"
      >
        <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-primary" />
        <h3 className="text-2xl font-bold">Thank You!</h3>
        <p className="text-muted">Your message has been sent. We'll be in touch soon.</p>
      </div>
    );
  }

  const disabled = status === 'submitting';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Contact Us
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            className={`${fieldClasses} h-11`}
            value={values.name}
            onChange={set('name')}
            disabled={disabled}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-phone`} className="text-sm font-medium">
            Phone
          </label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            className={`${fieldClasses} h-11`}
            value={values.phone}
            onChange={set('phone')}
            disabled={disabled}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          className={`${fieldClasses} h-11`}
          value={values.email}
          onChange={set('email')}
          disabled={disabled}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          className={`${fieldClasses} py-2`}
          value={values.message}
          onChange={set('message')}
          disabled={disabled}
        />
      </div>
      <button
        type="submit"
        className={buttonClasses('primary', 'lg', 'mt-1 w-full')}
        disabled={disabled}
      >
        <Send aria-hidden="true" className="h-4 w-4" />
        {disabled ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
