import { Button } from '@web/components/ui/button';
import { Field, inputClasses } from '@web/components/ui/form-controls';
import { Plus } from 'lucide-react';
import { useState } from 'react';

const NEW = '__new__';

export interface PickerOption {
  value: string;
  label: string;
}

/** A select with an inline "new ..." entry that creates the item through the API. */
export function CategoryPicker({
  id,
  label,
  value,
  options,
  noneLabel,
  newLabel,
  placeholder,
  disabled,
  error,
  onChange,
  onCreate,
}: {
  id: string;
  label: string;
  value: string;
  options: PickerOption[];
  /** offers an empty choice with this text */
  noneLabel?: string;
  newLabel: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  onChange: (value: string) => void;
  /** creates the entry and answers its value, or null when it failed (the caller toasts) */
  onCreate: (name: string) => Promise<string | null>;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const known = options.some((option) => option.value === value);

  async function create() {
    const trimmed = name.trim();
    if (!trimmed) return;
    setSaving(true);
    try {
      const created = await onCreate(trimmed);
      if (created !== null) {
        onChange(created);
        setAdding(false);
        setName('');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Field label={label} htmlFor={id} error={error}>
      {adding ? (
        <div className="flex gap-2">
          <input
            id={id}
            className={inputClasses}
            value={name}
            placeholder={placeholder}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void create();
              }
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setAdding(false);
              }
            }}
          />
          <Button size="md" onClick={() => void create()} disabled={saving || !name.trim()}>
            Add
          </Button>
          <Button size="md" variant="ghost" onClick={() => setAdding(false)} disabled={saving}>
            Cancel
          </Button>
        </div>
      ) : (
        <select
          id={id}
          className={inputClasses}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            if (event.target.value === NEW) {
              setName('');
              setAdding(true);
            } else onChange(event.target.value);
          }}
        >
          {noneLabel !== undefined ? (
            <option value="">{noneLabel}</option>
          ) : (
            <option value="" disabled>
              Select...
            </option>
          )}
          {!known && value && <option value={value}>{value}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value={NEW}>{`+ ${newLabel}`}</option>
        </select>
      )}
      {!adding && disabled && (
        <p className="flex items-center gap-1 text-xs text-muted">
          <Plus aria-hidden="true" className="h-3 w-3" /> Choose a category first
        </p>
      )}
    </Field>
  );
}
