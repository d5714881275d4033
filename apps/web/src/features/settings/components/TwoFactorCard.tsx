import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { twoFactorDisableSchema, twoFactorEnableSchema } from '@paydesk/contract';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstIssueByField } from '../../../lib/formErrors';
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
  const { form, refused, passwordRef } = props.form;
  const codeError = form.errors.code;
  const passwordError = form.errors.password;
  return (
    <>
      <CodeEntry
        label={props.codeLabel}
        value={form.getValues().code}
        onChange={(value) => form.setFieldValue('code', value)}
        onComplete={() => {
          if (!form.getValues().password) passwordRef.current?.focus();
        }}
        invalid={refused === 'code'}
        error={typeof codeError === 'string' ? t(codeError) : null}
      />
      <PasswordField
        ref={passwordRef}
        name="password"
        label={t('twoFactor.password')}
        autoComplete="current-password"
        {...form.getInputProps('password')}
        error={typeof passwordError === 'string' ? t(passwordError) : refused === 'password'}
        aria-invalid={Boolean(passwordError) || refused === 'password'}
      />
    </>
  );
}

/**
 * The state of a code-and-password form: it checks with the contract's schema before sending, sends, and marks the
 * field a refusal is about; `onDone` runs after a success. The code and password sit in @mantine/form; the refusal is
 * said once under the form and only marks its field, which useContractForm's placement does not do, so the submit is
 * this form's own.
 */
function useTwoFactorForm(
  schema: typeof twoFactorEnableSchema | typeof twoFactorDisableSchema,
  send: (body: { password: string; code: string }) => Promise<void>,
  onDone: () => void,
) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const passwordRef = useRef<HTMLInputElement>(null);
  // The fields' messages are the contract's keys, translated where they are shown.
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', password: '' },
    clearInputErrorOnChange: true,
  });
  const [refused, setRefused] = useState<Field | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    setRefused(null);
    const parsed = schema.safeParse(form.getValues());
    form.setErrors(parsed.success ? {} : firstIssueByField(parsed.error.issues));
    if (!parsed.success) return;
    setPending(true);
    try {
      await send(parsed.data);
      onDone();
    } catch (error) {
      const field = refusedField(error);
      setRefused(field);
      if (field === 'code') form.setFieldValue('code', '');
      setFailure(failureText(error, t('twoFactor.failed')));
    } finally {
      setPending(false);
    }
  }

  return { form, passwordRef, refused, failure, pending, onSubmit };
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
