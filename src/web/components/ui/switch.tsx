import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ReactNode } from 'react';

/** An on/off switch (Radix: role="switch", Space and Enter toggle), labelled by its text. */
export function Switch({
  checked,
  onChange,
  label,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  id?: string;
}) {
  return (
    <SwitchPrimitive.Root
      id={id}
      checked={checked}
      onCheckedChange={onChange}
      className="group flex min-h-11 items-center gap-3 rounded-xl text-left text-sm font-medium"
    >
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors group-data-[state=checked]:bg-primary"
      >
        <SwitchPrimitive.Thumb className="absolute top-0.5 left-0.5 block h-5 w-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </span>
      {label}
    </SwitchPrimitive.Root>
  );
}
