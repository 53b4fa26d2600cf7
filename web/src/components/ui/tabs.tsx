import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

const triggerClass =
  'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold uppercase tracking-wider text-white/80 transition-colors hover:text-gold data-[state=active]:bg-gold data-[state=active]:text-night-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold';

export interface TabDefinition {
  value: string;
  label: string;
  /** A number shown beside the label (what waits there); the panel says it in words. */
  count?: number;
  content: ReactNode;
}

// The count is drawn, not written: the tab's name stays its label ("Bookings") for people and
// tests. It sits over the tab's corner, so the tab bar wraps the same with or without it.
const countClass =
  'relative after:absolute after:-right-1 after:-top-1 after:h-5 after:min-w-5 after:rounded-full after:bg-neon after:px-1 after:text-center after:text-[11px] after:leading-5 after:font-bold after:text-white after:content-[attr(data-count)]';

/**
 * The signed-in areas' tab bar (Radix Tabs: arrow keys move between tabs, roles are tab/tabpanel).
 * Inactive panels are unmounted, so each tab fetches its data when first opened. With `value` the
 * open tab is the caller's (the staff dashboard's address); `listClassName` adds to the bar's
 * classes (hiding it on a phone, where a menu stands in for it).
 */
export function AreaTabs({
  label,
  tabs,
  defaultValue,
  value,
  onValueChange,
  activationMode,
  listClassName = '',
}: {
  label: string;
  tabs: TabDefinition[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  /** `manual`: arrow keys move the focus only, Enter or Space opens the tab (each opening is a page visited). */
  activationMode?: 'automatic' | 'manual';
  listClassName?: string;
}) {
  return (
    <Tabs.Root defaultValue={defaultValue} value={value} onValueChange={onValueChange} activationMode={activationMode}>
      <Tabs.List
        aria-label={label}
        className={`flex flex-wrap gap-1 rounded-3xl border border-white/10 bg-night-900/80 p-1 ${listClassName}`}
      >
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            aria-label={tab.count ? tab.label : undefined}
            data-count={tab.count || undefined}
            className={tab.count ? `${triggerClass} ${countClass}` : triggerClass}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-6 focus-visible:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
