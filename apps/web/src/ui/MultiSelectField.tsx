import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dropdownMaxHeightPx } from './SingleSelect';

export type MultiSelectFieldProps = MultiSelectProps;

/** Mantine MultiSelect with the back-office's 130 px dropdown (SPEC §2.22) and a named clear button. */
export function MultiSelectField({ comboboxProps, clearButtonProps, ...props }: MultiSelectFieldProps) {
  const { t } = useTranslation('ui');
  return (
    <MultiSelect
      maxDropdownHeight={dropdownMaxHeightPx}
      comboboxProps={{ shadow: 'md', ...comboboxProps }}
      clearButtonProps={{ 'aria-label': t('field.clear'), ...clearButtonProps }}
      {...props}
    />
  );
}
