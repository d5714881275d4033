import { useSearchParams } from 'react-router';

/**
 * A screen's tab kept in `?tab=`, so a reload or a bookmark opens it: `fallback` when the address names none of
 * `tabs`. Choosing another tab is a history entry of its own (Back returns to the previous tab) and starts it
 * unfiltered: the list params of the tab left behind are not the new tab's.
 */
export function useUrlTab<Tab extends string>(
  tabs: readonly Tab[],
  fallback: Tab,
): [Tab, (value: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? fallback;
  const choose = (value: string | null) => {
    const next = tabs.find((candidate) => candidate === value);
    if (next !== undefined && next !== tab) setSearch({ tab: next });
  };
  return [tab, choose];
}
