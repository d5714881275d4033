import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { WebhookSetting } from '@paydesk/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelayedStart } from '../../../lib/useDelayedStart';
import { useFailureText } from '../../../lib/useFailureText';
import { Toggle } from '../../../ui/Toggle';
import { useWebhooks } from '../api/getWebhooks';
import { useUpdateWebhooks, type WebhookChange } from '../api/updateWebhooks';
import { SettingsSection } from './SettingsSection';

/** SPEC §9: the webhook list loads about 100 ms after the settings screen mounts. */
export const webhooksLoadDelayMs = 100;

/** SPEC §8: the save result is shown for 2 s, then goes away. */
export const webhooksResultMs = 2000;

type Slug = WebhookChange['slug'];
type SaveResult = { ok: boolean; text: string };

/** A message that clears itself `durationMs` after it was last set. */
function useFleetingResult(durationMs: number) {
  const [result, setResult] = useState<SaveResult | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [result, durationMs]);
  return [result, setResult] as const;
}

interface WebhookListProps {
  webhooks: WebhookSetting[];
  disabledBySlug: Partial<Record<Slug, boolean>>;
  onToggle: (slug: Slug, enabled: boolean) => void;
  readOnly: boolean;
}

function WebhookList({ webhooks, disabledBySlug, onToggle, readOnly }: WebhookListProps) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {webhooks.map(({ webhook, is_disabled }) => (
        <li key={webhook.slug}>
          <Toggle
            label={webhook.title}
            description={webhook.slug}
            checked={!(disabledBySlug[webhook.slug] ?? is_disabled)}
            onChange={(enabled) => onToggle(webhook.slug, enabled)}
            disabled={readOnly}
          />
        </li>
      ))}
    </Stack>
  );
}

/** SPEC §2.11 webhooks (merchant only): a switch per webhook and one Save (what it sends: SPEC §4). */
export function WebhooksCard() {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const started = useDelayedStart(webhooksLoadDelayMs);
  const query = useWebhooks({ enabled: started });
  const mutation = useUpdateWebhooks();
  // Only the switches the user moved; the rest show what the server said.
  const [draft, setDraft] = useState<Partial<Record<Slug, boolean>>>({});
  const [result, setResult] = useFleetingResult(webhooksResultMs);

  const webhooks = query.data ?? [];
  const changes: WebhookChange[] = webhooks.map(({ webhook, is_disabled }) => ({
    slug: webhook.slug,
    is_disabled: draft[webhook.slug] ?? is_disabled,
  }));
  const dirty = webhooks.some(({ webhook, is_disabled }) => (draft[webhook.slug] ?? is_disabled) !== is_disabled);

  async function save() {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync(changes);
      setDraft({});
      setResult({ ok: true, text: t('webhooks.saved') });
    } catch (error) {
      setResult({ ok: false, text: failureText(error, t('updateFailed')) });
    }
  }

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Text c="red" size="sm" role="alert">
        {t('loadFailed')}
      </Text>
    );
  } else if (!query.data) {
    body = <Loader size="sm" aria-label={t('loading', { ns: 'app' })} />;
  } else if (webhooks.length === 0) {
    body = (
      <Text c="dimmed" size="sm">
        {t('webhooks.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <WebhookList
          webhooks={webhooks}
          disabledBySlug={draft}
          readOnly={mutation.isPending}
          onToggle={(slug, enabled) => setDraft((previous) => ({ ...previous, [slug]: !enabled }))}
        />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Text size="sm" c={result?.ok ? 'teal' : 'red'} role="status" aria-live="polite">
            {result?.text}
          </Text>
          <Button onClick={() => void save()} loading={mutation.isPending} disabled={!dirty}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SettingsSection title={t('webhooks.title')} description={t('webhooks.description')}>
      {body}
    </SettingsSection>
  );
}
