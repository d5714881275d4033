import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine PasswordInput whose show/hide button says what it does to a screen reader. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('ui');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('field.passwordVisibility') }} {...props} />;
}
