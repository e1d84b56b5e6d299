import { clsx } from 'clsx';
import { Moon, Rainbow, Sun } from 'lucide-react';
import { setTheme, THEMES, useTheme } from './theme-store';

const icons = { 'theme-light': Sun, 'theme-dark': Moon, 'theme-colorful': Rainbow } as const;

export function ThemePicker() {
  const current = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
        Theme
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {THEMES.map(({ value, label }) => {
          const Icon = icons[value];
          const active = current === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => setTheme(value)}
              className={clsx(
                'flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border text-sm font-medium transition-colors',
                active
                  ? 'border-primary bg-primary text-primary-fg'
                  : 'border-line bg-surface-2 text-fg hover:border-primary',
              )}
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
