import type { AvailableFilter } from '@paydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const noFilters: AvailableFilter[] = [];

/**
 * The server names its filters with keys of this namespace (`filters.type`) and localizes the options itself. A key
 * the namespace lacks falls back to `filters.<name>`, then to the label as sent.
 */
export function useFilterLabels(filters: AvailableFilter[] | undefined): AvailableFilter[] {
  const { t } = useTranslation('partners');
  return useMemo(
    () =>
      (filters ?? noFilters).map((filter) => ({
        ...filter,
        label: t([filter.label, `filters.${filter.name}`], { defaultValue: filter.label }),
      })),
    [filters, t],
  );
}
