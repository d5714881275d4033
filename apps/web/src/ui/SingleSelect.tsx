import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC §2.22: dropdown lists of the back-office are at most 130 px tall and scroll beyond that. */
export const dropdownMaxHeightPx = 130;

export type SingleSelectProps = SelectProps;

/** Mantine Select with the back-office's dropdown height and a named clear button; every Select prop passes through. */
export function SingleSelect({ comboboxProps, clearButtonProps, ...props }: SingleSelectProps) {
  const { t } = useTranslation('ui');
  return (
    <Select
      maxDropdownHeight={dropdownMaxHeightPx}
      comboboxProps={{ shadow: 'md', ...comboboxProps }}
      clearButtonProps={{ 'aria-label': t('field.clear'), ...clearButtonProps }}
      {...props}
    />
  );
}
