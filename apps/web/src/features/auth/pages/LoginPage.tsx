import { Button, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoginRequest } from '@paydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http';
import { currentUserQuery } from '../../../lib/query';
import { FormCard } from '../../../ui/FormCard';
import { PasswordField } from '../../../ui/PasswordField';
import { csrfUnavailable, useLogin } from '../api/login';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * SPEC §8 Login: the server's localized message, else "Error {status}"; a request that got no answer, or whose
 * CSRF token could not be refreshed, gets the generic fallback.
 */
function loginFailureMessage(error: unknown, t: Translate): string {
  if (!isApiError(error) || error.isNetworkError || error.status === 419 || error.code === csrfUnavailable) {
    return t('requestFailed');
  }
  return error.localizedMessage ?? t('errorStatus', { status: error.status });
}

/**
 * Client checks of SPEC §5, written out rather than taken from the contract's zod schema so that the first visit
 * does not load zod; the server validates the same request with the schema. `null` when the form may be sent.
 */
function validationMessage(values: LoginRequest, t: Translate): string | null {
  if (values.username.trim() === '' || values.password === '') return t('bothRequired');
  if (values.code !== undefined && !/^\d{6}$/.test(values.code)) return t('validation.two_factor_code', { ns: 'app' });
  return null;
}

// Not on useContractForm: it checks with a contract zod schema, and the first visit must not load zod (see above).
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeRequested, setCodeRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingUser, setLoadingUser] = useState(false);
  const busy = login.isPending || loadingUser;

  async function signIn(values: LoginRequest) {
    try {
      await login.mutateAsync(values);
    } catch (failure) {
      // The first answer for a two-factor account asks for the code; a second one means the code was refused.
      if (isApiError(failure) && failure.code === 'two_factor_required' && values.code === undefined) {
        setCodeRequested(true);
        return;
      }
      // Too many wrong codes (DESIGN §3): the password is asked again, from the start.
      if (isApiError(failure) && failure.code === 'two_factor_locked') {
        setPassword('');
        setCode('');
        setCodeRequested(false);
      }
      setError(loginFailureMessage(failure, t));
      return;
    }
    setLoadingUser(true);
    try {
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      await navigate('/settings', { replace: true });
    } catch (failure) {
      const message = isApiError(failure) && failure.localizedMessage ? failure.localizedMessage : t('userLoadFailed');
      setError(message);
      notifications.show({ color: 'red', title: t('errors.title', { ns: 'app' }), message });
    } finally {
      setLoadingUser(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values: LoginRequest = {
      username: username.trim(),
      password,
      ...(codeRequested ? { code: code.trim() } : {}),
    };
    const invalid = validationMessage(values, t);
    setError(invalid);
    if (invalid === null) void signIn(values);
  }

  return (
    <FormCard titleId="login-title" title={t('title')} subtitle={t('subtitle')} maxWidthPx={400} onSubmit={onSubmit}>
      <TextInput
        label={t('username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        data-autofocus
      />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      {codeRequested && (
        <TextInput
          label={t('code')}
          description={t('codeHint')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          autoFocus
        />
      )}
      <Button type="submit" fullWidth disabled={busy} aria-busy={busy}>
        {busy ? t('submitting') : t('submit')}
      </Button>
      {error !== null && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </FormCard>
  );
}
