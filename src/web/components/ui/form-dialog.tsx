import { type ComponentProps, type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { Button, type ButtonVariant } from './button';
import { DialogFrame } from './dialog-frame';

/**
 * A titled dialog holding one form: Cancel and the submit button sit in the frame's footer
 * (tied to the form by its id), the browser's own validation stays off so the schema's
 * messages show at the fields, and while the form is sending its submit button is disabled
 * and a second submit is ignored. A failure that belongs to no field shows under the form.
 * The frame's own props (open, onClose, title, description, size) go to DialogFrame as given.
 */
export function FormDialog({
  submitLabel,
  submitVariant = 'primary',
  cancelLabel = 'Cancel',
  actions,
  pending = false,
  failure,
  formLabel,
  formRef,
  className = 'flex flex-col gap-3',
  onSubmit,
  children,
  ...frame
}: Omit<ComponentProps<typeof DialogFrame>, 'footer' | 'children'> & {
  /** the submit button's words; null when this step of the form has nothing to send */
  submitLabel: ReactNode | null;
  submitVariant?: ButtonVariant;
  cancelLabel?: string;
  /** more buttons, between Cancel and the submit button */
  actions?: ReactNode;
  /** the form is being sent */
  pending?: boolean;
  failure?: string | null;
  /** the form's accessible name, where the dialog holds more than the form */
  formLabel?: string;
  formRef?: Ref<HTMLFormElement>;
  /** the form's layout */
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  children: ReactNode;
}) {
  const formId = `${useId()}-form`;
  return (
    <DialogFrame
      {...frame}
      footer={
        <>
          <Button variant="outline" onClick={frame.onClose}>
            {cancelLabel}
          </Button>
          {actions}
          {submitLabel !== null && (
            <Button type="submit" form={formId} variant={submitVariant} disabled={pending}>
              {submitLabel}
            </Button>
          )}
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-label={formLabel}
        aria-busy={pending}
        className={className}
        onSubmit={(event) => {
          if (pending) return event.preventDefault();
          void onSubmit(event);
        }}
      >
        {children}
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
      </form>
    </DialogFrame>
  );
}
