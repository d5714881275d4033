import type { AvailableFilter } from '@paydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const noFilters: AvailableFilter[] = [];

/**
 * A list's `context.available_filters` with their labels in the user's language. The server names its filters with
 * keys of the screen's namespace (`filters.status`) and localizes the options itself. A key the namespace lacks falls
 * back to `filters.<name>`, then to the label as sent.
 */
export function useFilterLabels(filters: AvailableFilter[] | undefined, namespace: string): AvailableFilter[] {
  const { t } = useTranslation(namespace);
  return useMemo(
    () =>
      (filters ?? noFilters).map((filter) => ({
        ...filter,
        label: t([filter.label, `filters.${filter.name}`], { defaultValue: filter.label }),
      })),
    [filters, t],
  );
}
