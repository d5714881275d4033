import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type PasswordChangeRequest, passwordChangeRequestSchema } from '@paydesk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/useContractForm';
import { useFailureText } from '../../../lib/useFailureText';
import { PasswordField } from '../../../ui/PasswordField';
import { useChangePassword } from '../api/changePassword';

type Field = keyof PasswordChangeRequest;
const fields: readonly Field[] = ['current_password', 'new_password', 'confirm_password'];
const labels: Record<Field, string> = {
  current_password: 'password.current',
  new_password: 'password.new',
  confirm_password: 'password.confirm',
};
const autoComplete: Record<Field, string> = {
  current_password: 'current-password',
  new_password: 'new-password',
  confirm_password: 'new-password',
};

const emptyValues: PasswordChangeRequest = { current_password: '', new_password: '', confirm_password: '' };

/** SPEC §2.11 password change, for every role: success as an alert, failure in red under the form (§8). */
export function PasswordChangeForm({ username }: { username: string }) {
  const { t } = useTranslation('settings');
  const mutation = useChangePassword();
  const failureText = useFailureText();
  const { form, failure, submit } = useContractForm(passwordChangeRequestSchema, emptyValues, {
    translate: t,
    fallback: (error) => failureText(error, t('password.failed')),
    clearErrorOnChange: true,
    // A refused password is marked under its field, and the server's words are said under the form as well.
    failureAlongside: true,
  });
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setDone(false);
    const changed = await submit(async (data) => {
      await mutation.mutateAsync(data);
      return true;
    });
    if (!changed) return;
    form.reset();
    setDone(true);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="sm">
        {t('password.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {/* Lets password managers tell whose password changes. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {fields.map((field) => (
            <PasswordField
              key={field}
              name={field}
              label={t(labels[field])}
              autoComplete={autoComplete[field]}
              {...form.getInputProps(field)}
            />
          ))}
          <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending} mt="xs">
            {mutation.isPending ? t('password.submitting') : t('password.submit')}
          </Button>
          {done && (
            <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
              {t('password.success')}
            </Alert>
          )}
          {failure !== null && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
