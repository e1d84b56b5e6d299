import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';

/**
 * A settings section's form: its fields, then a note (if any) beside the Save button, which
 * is enabled only while something differs from what is saved.
 */
export function SettingsForm({
  onSubmit,
  saveLabel,
  saving,
  changed,
  note,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  saveLabel: string;
  saving: boolean;
  changed: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
      {children}
      <div
        className={note ? 'flex flex-wrap items-center justify-between gap-3' : 'flex justify-end'}
      >
        {note && <p className="text-xs text-muted">{note}</p>}
        <Button type="submit" disabled={saving || !changed}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
