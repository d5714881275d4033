import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ScreenTabsProps<Tab extends string> {
  tabs: readonly Tab[];
  /** The tab shown, and what choosing another does (`useUrlTab` keeps both in the address). */
  value: Tab;
  onChange: (value: string | null) => void;
  /** A tab's name; it may carry a count beside it (the withdrawals that wait). */
  label: (tab: Tab) => ReactNode;
  /** A tab's content; null while it has nothing to show (the user is not known yet), and no panel is drawn. */
  panel: (tab: Tab) => ReactNode;
}

/**
 * The tabs of a list screen (orders, deals, users, payments), one panel each. Only the shown tab is mounted, so each
 * list loads when its tab opens.
 */
export function ScreenTabs<Tab extends string>({ tabs, value, onChange, label, panel }: ScreenTabsProps<Tab>) {
  return (
    <Tabs value={value} onChange={onChange} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {label(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => {
        const content = panel(tab);
        return content === null || content === undefined ? null : (
          <Tabs.Panel key={tab} value={tab}>
            {content}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
