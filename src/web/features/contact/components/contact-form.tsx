import { TIMERS } from '@shared/constants';
import { type ContactMessage, contactSchema } from '@shared/schemas/contact';
import { buttonClasses } from '@web/components/ui/button';
import { contactInputHints, fieldAria } from '@web/components/ui/form-controls';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors, labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { CheckCircle2, Send } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { ContactNotSent, useSendContact } from '../api/send-contact';

const EMPTY: ContactMessage = { name: '', email: '', phone: '', message: '' };
const FIELDS = ['name', 'email', 'phone', 'message'] as const;

type Status = 'idle' | 'sent';

const fieldClasses =
  'w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-fg placeholder:text-muted/70 disabled:opacity-60 aria-[invalid=true]:border-danger';

const lineClasses = `${fieldClasses} h-11`;

/** One labelled field with its error under it. */
function ContactField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

const contactResolver = schemaResolver(contactSchema, {
  fieldFor: contactField,
  sentence: labelledSentence({ name: 'Name', email: 'Email', phone: 'Phone', message: 'Message' }),
});

/** Spec §4: one toast for the whole form, missing fields first, then the email. */
function warnOnce(errors: FieldErrors<ContactMessage>) {
  const missing = FIELDS.some((field) => errors[field]?.type === 'too_small');
  toast(
    missing
      ? {
          title: 'Missing information',
          description: 'Please fill out all fields to send your message.',
          variant: 'destructive',
        }
      : {
          title: 'Invalid email',
          description: 'Please enter a valid email address.',
          variant: 'destructive',
        },
  );
}

/** Spec §2.2 / §4 / §5: the footer Contact Us form. */
export function ContactForm() {
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');
  const send = useSendContact();
  const form = useForm<ContactMessage, unknown, ContactMessage>({
    defaultValues: EMPTY,
    resolver: contactResolver,
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (status !== 'sent') return;
    const timer = window.setTimeout(() => {
      form.reset(EMPTY);
      setStatus('idle');
    }, TIMERS.contactResetMs);
    return () => window.clearTimeout(timer);
  }, [status, form]);

  const submit = async (message: ContactMessage) => {
    try {
      const answer = await send.mutateAsync(message);
      setStatus('sent');
      toast({
        title: 'Message sent!',
        description:
          answer?.message || "We'll get back to you soon via your provided contact information.",
      });
    } catch (error) {
      if (applyServerErrors(error, form.setError, contactField) > 0) return;
      toast({
        title: 'Error sending message',
        description:
          (error instanceof ContactNotSent && error.message) ||
          (error instanceof ApiError && error.serverMessage) ||
          'Please try again later or contact us directly.',
        variant: 'destructive',
      });
    }
  };

  /** The input's side of one field: bound to the form, described by its error. */
  const input = (field: (typeof FIELDS)[number]) => ({
    id: `${id}-${field}`,
    disabled: isSubmitting,
    ...fieldAria(`${id}-${field}`, errors[field]?.message),
    ...form.register(field),
  });

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

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit, warnOnce)(event)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Contact Us
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <ContactField id={`${id}-name`} label="Name" error={errors.name?.message}>
          <input {...contactInputHints.name} className={lineClasses} {...input('name')} />
        </ContactField>
        <ContactField id={`${id}-phone`} label="Phone" error={errors.phone?.message}>
          <input {...contactInputHints.phone} className={lineClasses} {...input('phone')} />
        </ContactField>
      </div>
      <ContactField id={`${id}-email`} label="Email" error={errors.email?.message}>
        <input {...contactInputHints.email} className={lineClasses} {...input('email')} />
      </ContactField>
      <ContactField id={`${id}-message`} label="Message" error={errors.message?.message}>
        <textarea rows={4} className={`${fieldClasses} py-2`} {...input('message')} />
      </ContactField>
      <button
        type="submit"
        className={buttonClasses('primary', 'lg', 'mt-1 w-full')}
        disabled={isSubmitting}
      >
        <Send aria-hidden="true" className="h-4 w-4" />
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}

function contactField(path: string) {
  return FIELDS.find((field) => field === path);
}

export default ContactForm;
