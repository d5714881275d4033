import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { CopyableText } from '../../../ui/CopyableText';
import { FormCard } from '../../../ui/FormCard';
import { PasswordField } from '../../../ui/PasswordField';
import { useSetupPassword } from '../api/setupPassword';
import { checkInvitePasswords, generatePassword, type InviteErrors, type InvitePasswords } from './invitePassword';

const emptyValues: InvitePasswords = { new_password: '', confirm_password: '' };

// Not on useContractForm: it checks with a contract zod schema, and this first visit must not load zod (invitePassword.ts).
/** SPEC §2.5: an invited user sets a password from the link's `?code=`, then signs in. */
export function InvitePage() {
  const { t } = useTranslation('invite');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code')?.trim() ?? '';
  const setup = useSetupPassword();
  const [values, setValues] = useState<InvitePasswords>(emptyValues);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [generated, setGenerated] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function update(field: keyof InvitePasswords, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function generate() {
    const password = generatePassword();
    setValues({ new_password: password, confirm_password: password });
    setErrors({});
    setGenerated(password);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (setup.isPending) return;
    setFailure(null);
    const invalid = checkInvitePasswords(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    if (code === '') {
      setFailure(t('noCode'));
      return;
    }
    try {
      await setup.mutateAsync({
        code,
        new_password: values.new_password.trim(),
        confirm_password: values.confirm_password.trim(),
      });
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) setFailure(t('errors.requestFailed', { ns: 'app' }));
      else setFailure((isApiError(error) ? error.localizedMessage : null) ?? t('failed'));
      return;
    }
    notifications.show({ color: 'teal', message: t('success') });
    await navigate('/login', { replace: true });
  }

  const errorText = (field: keyof InvitePasswords) => {
    const error = errors[field];
    return error ? t(`error.${error}`) : undefined;
  };

  return (
    <FormCard titleId="invite-title" title={t('title')} subtitle={t('subtitle')} maxWidthPx={420} onSubmit={onSubmit}>
      <PasswordField
        label={t('newPassword')}
        name="new_password"
        autoComplete="new-password"
        value={values.new_password}
        onChange={(event) => update('new_password', event.currentTarget.value)}
        error={errorText('new_password')}
        data-autofocus
      />
      <PasswordField
        label={t('confirmPassword')}
        name="confirm_password"
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={(event) => update('confirm_password', event.currentTarget.value)}
        error={errorText('confirm_password')}
      />
      <Group justify="space-between" gap="xs">
        <Button variant="light" leftSection={<IconKey size={16} aria-hidden />} onClick={generate}>
          {t('generate')}
        </Button>
        <Button type="submit" loading={setup.isPending}>
          {t('save')}
        </Button>
      </Group>
      {generated !== null && (
        <Stack gap={4}>
          <Text size="sm">{t('generated')}</Text>
          <CopyableText value={generated} />
        </Stack>
      )}
      {failure !== null && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('toLogin')}
      </Anchor>
    </FormCard>
  );
}
