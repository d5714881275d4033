import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { notificationKeyRequestSchema, notificationUrlRequestSchema } from '@paydesk/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { useFailureText } from '../../../lib/useFailureText';
import { CopyableText } from '../../../ui/CopyableText';
import { type NotificationSettings, useNotificationSettings } from '../api/getNotificationSettings';
import { useUpdateNotificationSetting } from '../api/updateNotificationSetting';
import { SettingsQueryState } from './SettingsQueryState';
import { SettingsSection } from './SettingsSection';

type Field = Exclude<keyof NotificationSettings, 'key_created'>;

/** The value to send, nothing when it is blank (SPEC §5: ignored), or the message key of the contract's check. */
type Checked = { send: string } | { nothing: true } | { errorKey: string };

function check(field: Field, raw: string): Checked {
  const parsed =
    field === 'notification_key'
      ? notificationKeyRequestSchema.safeParse({ notification_key: raw })
      : notificationUrlRequestSchema.safeParse({ notification_url: raw });
  if (!parsed.success) return { errorKey: parsed.error.issues[0]?.message ?? 'validation.invalid' };
  const value: string | undefined = Object.values(parsed.data)[0];
  return value === undefined ? { nothing: true } : { send: value };
}

const texts = {
  notification_key: { label: 'notifications.key', hint: 'notifications.keyHint', saved: 'notifications.keySaved' },
  notification_url: { label: 'notifications.url', hint: 'notifications.urlHint', saved: 'notifications.urlSaved' },
} as const;

interface NotificationFieldProps {
  field: Field;
  saved: string | null;
  mutation: UseMutationResult<NotificationSettings, Error, string>;
  /** Saving the URL made a key (none was set): the card shows it once. */
  onKeyCreated?: (key: string) => void;
}

/**
 * One setting with its own Save: a blank value sends nothing; refusals show under the field in red. Its check is the
 * contract's schema of the one setting, and every failure, the server's general words too, goes under the field: so
 * the value and its message sit in @mantine/form directly rather than in useContractForm.
 */
function NotificationField({ field, saved, mutation, onKeyCreated }: NotificationFieldProps) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const form = useForm({ mode: 'controlled', initialValues: { [field]: saved ?? '' }, clearInputErrorOnChange: true });
  const isUrl = field === 'notification_url';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = check(field, form.getValues()[field] ?? '');
    if ('errorKey' in checked) {
      form.setFieldError(field, t(checked.errorKey));
      return;
    }
    form.clearErrors();
    if ('nothing' in checked) return;
    try {
      const settings = await mutation.mutateAsync(checked.send);
      form.setFieldValue(field, settings[field] ?? '');
      notifications.show({ color: 'teal', message: t(texts[field].saved), withCloseButton: false });
      if (settings.key_created && settings.notification_key) onKeyCreated?.(settings.notification_key);
    } catch (failure) {
      const fieldError = isApiError(failure) ? failure.fieldErrors[field]?.[0] : undefined;
      form.setFieldError(field, fieldError ?? failureText(failure, t('updateFailed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          name={field}
          label={t(texts[field].label)}
          description={t(texts[field].hint)}
          type={isUrl ? 'url' : 'text'}
          inputMode={isUrl ? 'url' : undefined}
          placeholder={isUrl ? 'https://example.com/paydesk' : undefined}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps(field)}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={mutation.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The key saving the first URL made: said once, with a copy action, until the merchant says it is copied. */
function CreatedKey({ value, onDone }: { value: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert color="blue" variant="light" title={t('notifications.keyCreatedTitle')}>
      <Stack gap="xs">
        <Text size="sm">{t('notifications.keyCreated')}</Text>
        <CopyableText value={value} />
        <Group justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={onDone}>
            {t('notifications.keyCreatedDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * SPEC §2.11 notification key and URL (merchant only). Saving a URL while no key is set makes one on the server
 * (webhooks are always signed): the card shows it once to copy, and the key's field shows it from then on.
 */
export function NotificationCard() {
  const { t } = useTranslation('settings');
  const query = useNotificationSettings();
  const keyMutation = useUpdateNotificationSetting('notification_key');
  const urlMutation = useUpdateNotificationSetting('notification_url');
  const [createdKey, setCreatedKey] = useState<string | null>(null);

  return (
    <SettingsSection title={t('notifications.title')} description={t('notifications.description')}>
      <SettingsQueryState query={query} failed={t('loadFailed')}>
        {(saved) => (
          <Stack gap="lg">
            {/* A key made on the server (with the URL) is a new saved value: the field starts again from it. */}
            <NotificationField
              key={saved.notification_key ?? ''}
              field="notification_key"
              saved={saved.notification_key}
              mutation={keyMutation}
            />
            <NotificationField
              field="notification_url"
              saved={saved.notification_url}
              mutation={urlMutation}
              onKeyCreated={setCreatedKey}
            />
            {createdKey && <CreatedKey value={createdKey} onDone={() => setCreatedKey(null)} />}
          </Stack>
        )}
      </SettingsQueryState>
    </SettingsSection>
  );
}
