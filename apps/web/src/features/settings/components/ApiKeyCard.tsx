import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFailureText } from '../../../lib/useFailureText';
import { AppModal } from '../../../ui/AppModal';
import { CopyableText } from '../../../ui/CopyableText';
import { type ApiSecret, useIssueApiSecret } from '../api/issueApiSecret';
import { SettingsSection } from './SettingsSection';

function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <CopyableText value={value} />
    </Stack>
  );
}

/** The secret just issued: shown this once, so it says so and offers a copy action (SPEC §2.11). */
function IssuedSecret({ issued, onDone }: { issued: ApiSecret; onDone: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('apiKey.issuedTitle')}
      role="region"
      aria-label={t('apiKey.issuedTitle')}
    >
      <Stack gap="sm">
        <Text size="sm">{t('apiKey.issuedWarning')}</Text>
        <LabelledValue label={t('apiKey.key')} value={issued.api_key} />
        <LabelledValue label={t('apiKey.secret')} value={issued.secret_key} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('apiKey.issuedDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * SPEC §2.11 API key and secret (merchant, trader). The server never returns the secret again, so it lives only in
 * this component's state between issuing and "I have saved it"; a reload loses it on purpose.
 */
export function ApiKeyCard({ apiKey }: { apiKey: string | null }) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const mutation = useIssueApiSecret();
  const [issued, setIssued] = useState<ApiSecret | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function issue() {
    setConfirming(false);
    if (mutation.isPending) return;
    try {
      setIssued(await mutation.mutateAsync());
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('errors.title', { ns: 'app' }),
        message: failureText(error, t('apiKey.failed')),
      });
    }
  }

  return (
    <SettingsSection title={t('apiKey.title')} description={t('apiKey.description')}>
      {issued ? (
        <IssuedSecret issued={issued} onDone={() => setIssued(null)} />
      ) : (
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('apiKey.key')}
            </Text>
            {apiKey ? (
              <CopyableText value={apiKey} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('apiKey.noKey')}
              </Text>
            )}
          </Stack>
          <Group justify="space-between">
            <Button
              leftSection={<IconKey size={16} aria-hidden />}
              loading={mutation.isPending}
              onClick={() => (apiKey ? setConfirming(true) : void issue())}
            >
              {apiKey ? t('apiKey.regenerate') : t('apiKey.generate')}
            </Button>
            <Anchor component={Link} to="/api" size="sm">
              {t('apiKey.docs')}
            </Anchor>
          </Group>
        </Stack>
      )}
      <AppModal opened={confirming} onClose={() => setConfirming(false)} title={t('apiKey.confirmTitle')} size="sm">
        <Stack gap="md">
          <Text size="sm">{t('apiKey.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={() => void issue()}>
              {t('apiKey.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </SettingsSection>
  );
}
