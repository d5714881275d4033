import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type PasswordChangeRequest, passwordChangeRequestSchema } from '@paydesk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
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

/** Message keys of the contract's schema per field (SPEC §5 Password change), or null when the form is valid. */
function clientErrors(values: PasswordChangeRequest): Partial<Record<Field, string>> | null {
  const parsed = passwordChangeRequestSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** SPEC §2.11 password change, for every role: success as an alert, failure in red under the form (§8). */
export function PasswordChangeForm({ username }: { username: string }) {
  const { t } = useTranslation('settings');
  const mutation = useChangePassword();
  const [values, setValues] = useState<PasswordChangeRequest>(emptyValues);
  const [fieldKeys, setFieldKeys] = useState<Partial<Record<Field, string>>>({});
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function update(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setFieldKeys((previous) => ({ ...previous, [field]: undefined }));
    setServerFieldErrors((previous) => ({ ...previous, [field]: [] }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setDone(false);
    setFailure(null);
    setServerFieldErrors({});
    const invalid = clientErrors(values);
    setFieldKeys(invalid ?? {});
    if (invalid) return;
    try {
      await mutation.mutateAsync(passwordChangeRequestSchema.parse(values));
      setValues(emptyValues);
      setDone(true);
    } catch (error) {
      if (isApiError(error)) {
        setServerFieldErrors(error.fieldErrors);
        setFailure(
          error.isNetworkError
            ? t('errors.requestFailed', { ns: 'app' })
            : (error.localizedMessage ?? t('password.failed')),
        );
      } else {
        setFailure(t('password.failed'));
      }
    }
  }

  function errorOf(field: Field): string | undefined {
    const key = fieldKeys[field];
    if (key) return t(key);
    return serverFieldErrors[field]?.[0];
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
              value={values[field]}
              onChange={(event) => update(field, event.currentTarget.value)}
              error={errorOf(field)}
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
