import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine PasswordInput whose show/hide button says what it does to a screen reader. Its name is in the shell's
 * namespace, bundled with the entry: the sign-in page waits for no other namespace (one round trip less to its form).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('app');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('passwordVisibility') }} {...props} />;
}
