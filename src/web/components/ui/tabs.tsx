import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * WAI-ARIA tabs (Radix): arrow keys move between tabs and select them, Home/End jump, only
 * the selected tab is in the Tab order. One look per place the app uses tabs.
 */
type TabsLook = 'segmented' | 'cards';

const LIST_CLASSES: Record<TabsLook, string> = {
  segmented: 'flex gap-1 rounded-xl border border-line bg-surface-2/60 p-1',
  cards: 'grid grid-cols-3 gap-1 rounded-2xl bg-surface-2 p-1',
};

const TAB_CLASSES: Record<TabsLook, string> = {
  segmented:
    'flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm',
  cards:
    'group flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-2 text-center text-fg transition-colors hover:bg-line/60 data-[state=active]:bg-primary data-[state=active]:text-primary-fg data-[state=active]:shadow-sm data-[state=active]:hover:bg-primary',
};

export function Tabs<T extends string>({
  value,
  onValueChange,
  children,
  className,
}: {
  value: T;
  onValueChange: (value: T) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TabsPrimitive.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      className={className}
    >
      {children}
    </TabsPrimitive.Root>
  );
}

export function TabList({
  look = 'segmented',
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.List> & { look?: TabsLook }) {
  return <TabsPrimitive.List className={clsx(LIST_CLASSES[look], className)} {...props} />;
}

export function Tab({
  look = 'segmented',
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger> & { look?: TabsLook }) {
  return <TabsPrimitive.Trigger className={clsx(TAB_CLASSES[look], className)} {...props} />;
}

export function TabPanel({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={clsx('focus-visible:outline-none', className)} {...props} />
  );
}
