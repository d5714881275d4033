import { Badge, Button, Group, Image, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { twoFactorDisableSchema, twoFactorEnableSchema } from '@paydesk/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { useFailureText } from '../../../lib/useFailureText';
import { CopyAction } from '../../../ui/CopyAction';
import { useDisableTwoFactor } from '../api/disableTwoFactor';
import { useEnableTwoFactor } from '../api/enableTwoFactor';
import { type TwoFactorSecret, useStartTwoFactor } from '../api/startTwoFactor';
import { CodeEntry } from './CodeEntry';
import { SettingsSection } from './SettingsSection';

type Field = 'code' | 'password';

/** Base32 secrets are typed by hand from the screen; blocks of four are easier to read (the copy stays raw). */
function inGroupsOfFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The contract's message key per field, or null when the values pass (same checks as the server). */
function firstIssues(issues: readonly { path: PropertyKey[]; message: string }[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The field a refusal is about, so it can be marked (the message itself is shown once, under the form). */
function refusedField(error: unknown): Field | null {
  if (!isApiError(error)) return null;
  if (error.code === 'two_factor_invalid' || error.fieldErrors.code) return 'code';
  if (error.code === 'password_incorrect' || error.fieldErrors.password) return 'password';
  return null;
}

function FormFailure({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {text}
    </Text>
  );
}

/** Step two of enabling: scan or type the secret, then confirm with a code from the app and the password. */
function EnableForm({ setup, onClose }: { setup: TwoFactorSecret; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const mutation = useEnableTwoFactor();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<Field | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    setRefused(null);
    const parsed = twoFactorEnableSchema.safeParse({ password, code });
    setErrors(parsed.success ? {} : firstIssues(parsed.error.issues));
    if (!parsed.success) return;
    try {
      await mutation.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: t('twoFactor.enabledToast') });
      onClose();
    } catch (error) {
      const field = refusedField(error);
      setRefused(field);
      if (field === 'code') setCode('');
      setFailure(failureText(error, t('twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Group align="flex-start" gap="lg">
          <Image src={setup.qr_code} alt={t('twoFactor.qrAlt')} w={176} h={176} bg="white" p={4} radius="sm" />
          <Stack gap={4} miw={0} style={{ flex: '1 1 12rem' }}>
            <Text size="sm" fw={600}>
              {t('twoFactor.secret')}
            </Text>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Text component="span" ff="monospace" size="sm">
                {inGroupsOfFour(setup.secret)}
              </Text>
              <CopyAction value={setup.secret} />
            </Group>
            <Text size="xs" c="dimmed">
              {t('twoFactor.secretHint')}
            </Text>
          </Stack>
        </Group>
        <CodeEntry
          label={t('twoFactor.code')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setErrors((previous) => ({ ...previous, code: undefined }));
          }}
          onComplete={() => {
            if (!password) passwordRef.current?.focus();
          }}
          invalid={refused === 'code'}
          error={errors.code ? t(errors.code) : null}
        />
        <PasswordInput
          ref={passwordRef}
          name="password"
          label={t('twoFactor.password')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('passwordVisibility', { ns: 'app' }) }}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((previous) => ({ ...previous, password: undefined }));
          }}
          error={errors.password ? t(errors.password) : refused === 'password'}
          aria-invalid={Boolean(errors.password) || refused === 'password'}
        />
        <FormFailure text={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('twoFactor.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning two-factor off takes a current code from the app. */
function DisableForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const mutation = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const parsed = twoFactorDisableSchema.safeParse({ code });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.invalid'));
    if (!parsed.success) return;
    try {
      await mutation.mutateAsync(parsed.data.code);
      notifications.show({ color: 'teal', message: t('twoFactor.disabledToast') });
      onClose();
    } catch (caught) {
      if (refusedField(caught) === 'code') setCode('');
      setFailure(failureText(caught, t('twoFactor.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <CodeEntry
          label={t('twoFactor.disableCode')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          invalid={failure !== null}
          error={error ? t(error) : null}
        />
        <FormFailure text={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            {t('twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §2.11 two-factor authentication, for every role: set up with an authenticator app, or turn off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSecret | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function begin() {
    if (start.isPending) return;
    setFailure(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (error) {
      setFailure(failureText(error, t('twoFactor.startFailed')));
    }
  }

  const status = (
    <Group gap="xs">
      <Text size="sm">{t('twoFactor.status')}</Text>
      <Badge variant={enabled ? 'light' : 'default'} color={enabled ? 'teal' : undefined} tt="none">
        {enabled ? t('enabled') : t('disabled')}
      </Badge>
    </Group>
  );

  let body = null;
  if (enabled) {
    body = disabling ? (
      <DisableForm onClose={() => setDisabling(false)} />
    ) : (
      <Group>
        <Button variant="light" color="red" onClick={() => setDisabling(true)}>
          {t('twoFactor.disable')}
        </Button>
      </Group>
    );
  } else if (setup) {
    body = <EnableForm setup={setup} onClose={() => setSetup(null)} />;
  } else {
    body = (
      <Stack gap="sm">
        <Group>
          <Button
            leftSection={<IconShieldLock size={16} aria-hidden />}
            loading={start.isPending}
            onClick={() => void begin()}
          >
            {t('twoFactor.enable')}
          </Button>
        </Group>
        <FormFailure text={failure} />
      </Stack>
    );
  }

  return (
    <SettingsSection title={t('twoFactor.title')} description={t('twoFactor.description')}>
      <Stack gap="md">
        {status}
        {body}
      </Stack>
    </SettingsSection>
  );
}
