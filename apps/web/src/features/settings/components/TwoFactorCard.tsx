import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { twoFactorDisableSchema, twoFactorEnableSchema } from '@paydesk/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { useFailureText } from '../../../lib/useFailureText';
import { CopyAction } from '../../../ui/CopyAction';
import { PasswordField } from '../../../ui/PasswordField';
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

/** The code and current-password fields that both switching on and switching off take. */
function CodeAndPassword(props: { codeLabel: string; form: TwoFactorForm }) {
  const { t } = useTranslation('settings');
  const { form } = props;
  return (
    <>
      <CodeEntry
        label={props.codeLabel}
        value={form.code}
        onChange={(value) => {
          form.setCode(value);
          form.setErrors((previous) => ({ ...previous, code: undefined }));
        }}
        onComplete={() => {
          if (!form.password) form.passwordRef.current?.focus();
        }}
        invalid={form.refused === 'code'}
        error={form.errors.code ? t(form.errors.code) : null}
      />
      <PasswordField
        ref={form.passwordRef}
        name="password"
        label={t('twoFactor.password')}
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => {
          form.setPassword(event.currentTarget.value);
          form.setErrors((previous) => ({ ...previous, password: undefined }));
        }}
        error={form.errors.password ? t(form.errors.password) : form.refused === 'password'}
        aria-invalid={Boolean(form.errors.password) || form.refused === 'password'}
      />
    </>
  );
}

/**
 * The state of a code-and-password form: it checks with the contract's schema before sending, sends, and marks the
 * field a refusal is about; `onDone` runs after a success.
 */
function useTwoFactorForm(
  schema: typeof twoFactorEnableSchema | typeof twoFactorDisableSchema,
  send: (body: { password: string; code: string }) => Promise<void>,
  onDone: () => void,
) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<Field | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    setRefused(null);
    const parsed = schema.safeParse({ password, code });
    setErrors(parsed.success ? {} : firstIssues(parsed.error.issues));
    if (!parsed.success) return;
    setPending(true);
    try {
      await send(parsed.data);
      onDone();
    } catch (error) {
      const field = refusedField(error);
      setRefused(field);
      if (field === 'code') setCode('');
      setFailure(failureText(error, t('twoFactor.failed')));
    } finally {
      setPending(false);
    }
  }

  return { passwordRef, code, setCode, password, setPassword, errors, setErrors, refused, failure, pending, onSubmit };
}

type TwoFactorForm = ReturnType<typeof useTwoFactorForm>;

/** Step two of enabling: scan or type the secret, then confirm with a code from the app and the password. */
function EnableForm({ setup, onClose }: { setup: TwoFactorSecret; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const mutation = useEnableTwoFactor();
  const form = useTwoFactorForm(twoFactorEnableSchema, mutation.mutateAsync, () => {
    notifications.show({ color: 'teal', message: t('twoFactor.enabledToast') });
    onClose();
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
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
        <CodeAndPassword codeLabel={t('twoFactor.code')} form={form} />
        <FormFailure text={form.failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={form.pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={form.pending}>
            {t('twoFactor.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning two-factor off takes the current password as well as a current code from the app (DESIGN §3). */
function DisableForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const mutation = useDisableTwoFactor();
  const form = useTwoFactorForm(twoFactorDisableSchema, mutation.mutateAsync, () => {
    notifications.show({ color: 'teal', message: t('twoFactor.disabledToast') });
    onClose();
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="md">
        <CodeAndPassword codeLabel={t('twoFactor.disableCode')} form={form} />
        <FormFailure text={form.failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={form.pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={form.pending}>
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
