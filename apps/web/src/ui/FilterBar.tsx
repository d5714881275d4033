import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { AvailableFilter } from '@paydesk/contract';
import { IconFilter } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/viewport';
import { DateField } from './DateField';
import { MultiSelectField } from './MultiSelectField';
import { SingleSelect } from './SingleSelect';

export type FilterValues = Record<string, string>;

export interface FilterBarProps {
  /** The list's `context.available_filters`, in the order the server gives them. */
  filters: AvailableFilter[];
  /**
   * The filters applied now: the fields start with them, and show them again whenever they change from outside the
   * bar (a list kept in the address, on Back or Forward).
   */
  initialValues?: FilterValues;
  /** Receives only the filters that have a value; Reset sends an empty record. */
  onApply: (values: FilterValues) => void;
}

/** Drops empty and blank values so the list call sends only filters the user set; text is trimmed. */
export function compactFilters(values: FilterValues): FilterValues {
  const compact: FilterValues = {};
  for (const [name, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed !== '') compact[name] = trimmed;
  }
  return compact;
}

interface FilterFieldProps {
  filter: AvailableFilter;
  value: string;
  onChange: (value: string) => void;
}

/** One field per filter type; every value is kept as the string the server expects (DESIGN §2). */
function FilterField({ filter, value, onChange }: FilterFieldProps) {
  const { t } = useTranslation('ui');
  const common = { label: filter.label, miw: 180 };
  switch (filter.type) {
    case 'text':
      return <TextInput {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'select':
      return (
        <SingleSelect
          {...common}
          data={filter.options ?? []}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
        />
      );
    case 'multiselect':
      return (
        <MultiSelectField
          {...common}
          data={filter.options ?? []}
          value={value ? value.split(',') : []}
          onChange={(values) => onChange(values.join(','))}
          clearable
        />
      );
    case 'boolean':
      return (
        <SingleSelect
          {...common}
          data={[
            { value: '1', label: t('filters.yes') },
            { value: '0', label: t('filters.no') },
          ]}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
        />
      );
    case 'date':
      return <DateField {...common} value={value || null} onChange={(v) => onChange(v ?? '')} />;
  }
}

/**
 * A filter form built from the server's available filters, with Apply and Reset. On a phone the fields wait behind a
 * Filters button (naming how many apply): five fields stacked would push the list off the first screen, and their
 * pickers cost a phone's start more than the list itself.
 */
export function FilterBar({ filters, initialValues = {}, onApply }: FilterBarProps) {
  const { t } = useTranslation('ui');
  const phone = usePhone();
  const [shown, setShown] = useState(false);
  const formId = useId();
  const applied = Object.keys(initialValues).length;
  const [draft, setDraft] = useState<FilterValues>(initialValues);
  const appliedKey = JSON.stringify(initialValues);
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(initialValues);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(compactFilters(draft));
  };
  const reset = () => {
    setDraft({});
    onApply({});
  };

  const toggle = phone && (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} stroke={1.6} aria-hidden />}
      aria-expanded={shown}
      aria-controls={shown ? formId : undefined}
      onClick={() => setShown((current) => !current)}
      style={{ alignSelf: 'flex-start' }}
    >
      {applied > 0 ? t('filters.titleApplied', { count: applied }) : t('filters.title')}
    </Button>
  );
  const form = (
    <form id={formId} onSubmit={apply} aria-label={t('filters.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {filters.map((filter) => (
          <FilterField
            key={filter.name}
            filter={filter}
            value={draft[filter.name] ?? ''}
            onChange={(value) => setDraft((current) => ({ ...current, [filter.name]: value }))}
          />
        ))}
        <Group gap="xs">
          <Button type="submit">{t('filters.apply')}</Button>
          <Button type="button" variant="default" onClick={reset}>
            {t('filters.reset')}
          </Button>
        </Group>
      </Group>
    </form>
  );
  // The button keeps its place (and the focus) when the fields open below it.
  return phone ? (
    <Stack gap="sm">
      {toggle}
      {shown && form}
    </Stack>
  ) : (
    form
  );
}
