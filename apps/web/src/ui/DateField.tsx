import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

export type DateFieldProps = DatePickerInputProps<'default'>;

/**
 * Mantine DatePickerInput for a single day. Its value and onChange use "YYYY-MM-DD" strings, which is also what
 * filters send; the field shows the day as DD.MM.YYYY like every date of the back-office (SPEC §9).
 */
export function DateField({ clearButtonProps, ...props }: DateFieldProps) {
  const { t } = useTranslation('ui');
  return (
    <DatePickerInput
      valueFormat="DD.MM.YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('field.clear'), ...clearButtonProps }}
      popoverProps={{ shadow: 'md' }}
      {...props}
    />
  );
}
