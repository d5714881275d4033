import { Alert, Button, Code, Group, List, Radio, Stack, Text, Title } from '@mantine/core';
import type { ForwardingApp, Terminal, TerminalForwarding, TerminalForwardingSummary } from '@paydesk/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { ItemModal } from '../../../ui/AppModal';
import { CopyAction } from '../../../ui/CopyAction';
import { ModalLoadState } from '../../../ui/ModalLoadState';
import { useCreateForwarding, useForwarding, useRevokeForwarding } from '../api/forwarding';
import { QrImage } from './QrImage';

export interface ForwardingModalProps {
  /** The terminal to connect an app to; null when the modal is closed. */
  terminal: Terminal | null;
  /** Make, replace and revoke the link (`terminals.write`); a support admin only reads it. */
  mayWrite: boolean;
  onClose: () => void;
}

/**
 * "Connect an app you already have" (DESIGN §19): the terminal's forwarding link, its key, and for the app the trader
 * picks its own settings step by step, the template to paste, and when the last message came.
 */
export function ForwardingModal({ terminal, mayWrite, onClose }: ForwardingModalProps) {
  const { t } = useTranslation('terminals');
  return (
    <ItemModal
      item={terminal}
      onClose={onClose}
      title={(shown) => t('forwarding.title', { name: shown.name })}
      size="lg"
    >
      {(shown) => <ForwardingBody key={shown.guid} terminal={shown} mayWrite={mayWrite} onClose={onClose} />}
    </ItemModal>
  );
}

function ForwardingBody({
  terminal,
  mayWrite,
  onClose,
}: {
  terminal: Terminal;
  mayWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('terminals');
  const failureText = useFailureText();
  const link = useForwarding(terminal.guid);
  const create = useCreateForwarding();
  const revoke = useRevokeForwarding();
  const [confirming, setConfirming] = useState(false);
  const failure = create.error ?? revoke.error;

  if (!link.isSuccess) {
    return (
      <ModalLoadState
        failure={link.isError ? failureText(link.error, t('loadFailed')) : null}
        cancelLabel={t('forwarding.close')}
        onCancel={onClose}
      />
    );
  }
  const summary = link.data && 'restricted' in link.data ? link.data : null;
  return (
    <Stack gap="md">
      {!summary && <Text size="sm">{t('forwarding.intro')}</Text>}
      {terminal.status.slug !== 'enabled' && (
        <Text size="sm" c="dimmed">
          {t('forwarding.countsOnceEnabled')}
        </Text>
      )}
      {summary ? (
        <LinkSummary summary={summary} />
      ) : link.data ? (
        <LinkDetails forwarding={link.data as TerminalForwarding} />
      ) : (
        <Text size="sm" fw={500}>
          {t('forwarding.none')}
        </Text>
      )}
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failureText(failure, t('saveFailed'))}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {mayWrite && link.data && !confirming && (
          <>
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t('forwarding.revoke')}
            </Button>
            <Button variant="default" loading={create.isPending} onClick={() => create.mutate(terminal.guid)}>
              {t('forwarding.replace')}
            </Button>
          </>
        )}
        {mayWrite && link.data && confirming && (
          <Group gap="sm" justify="flex-end">
            <Text size="sm">{t('forwarding.revokeConfirm')}</Text>
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('forwarding.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(terminal.guid, { onSuccess: () => setConfirming(false) })}
            >
              {t('forwarding.revokeYes')}
            </Button>
          </Group>
        )}
        {mayWrite && !link.data && (
          <Button loading={create.isPending} onClick={() => create.mutate(terminal.guid)}>
            {t('forwarding.create')}
          </Button>
        )}
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('forwarding.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A value the trader copies into the app: its label, the value itself wrapping anywhere, and a copy button. */
function Copyable({ label, value, block = false }: { label: string; value: string; block?: boolean }) {
  return (
    <Stack gap={4}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyAction value={value} />
      </Group>
      <Code block={block} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </Stack>
  );
}

/** A reader who may not change the link (a support admin): that it exists and how it is used, never its secrets. */
function LinkSummary({ summary }: { summary: TerminalForwardingSummary }) {
  const { t } = useTranslation('terminals');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('forwarding.summary.made', { time: formatDateTime(summary.created_at) })}
      </Text>
      <Text size="sm" role="status">
        {summary.app && summary.last_message_at
          ? t('forwarding.summary.lastMessage', {
              app: summary.app.title,
              time: formatDateTime(summary.last_message_at),
            })
          : t('forwarding.noMessageYet')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('forwarding.summary.hidden')}
      </Text>
    </Stack>
  );
}

function LinkDetails({ forwarding }: { forwarding: TerminalForwarding }) {
  const { t } = useTranslation('terminals');
  const [app, setApp] = useState<ForwardingApp>('smsgate');
  const chosen = forwarding.apps.find((entry) => entry.app === app) ?? forwarding.apps[0];
  return (
    <Stack gap="md">
      <Radio.Group label={t('forwarding.pickApp')} value={app} onChange={(value) => setApp(value as ForwardingApp)}>
        <Stack gap="xs" mt="xs">
          {forwarding.apps.map((entry) => (
            <Radio key={entry.app} value={entry.app} label={entry.title} />
          ))}
        </Stack>
      </Radio.Group>
      {forwarding.url_refused ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {forwarding.url_refused}
        </Alert>
      ) : (
        <>
          <Copyable label={t('forwarding.url')} value={forwarding.url} />
          <QrImage src={forwarding.url_qr} alt={t('forwarding.qrAlt')} size={176} />
        </>
      )}
      <Copyable label={t('forwarding.key')} value={forwarding.signing_key} />
      {chosen && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('forwarding.steps', { app: chosen.title })}
          </Title>
          {chosen.weak_authentication && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('forwarding.weakTitle')}
            >
              {t('forwarding.weak')}
            </Alert>
          )}
          <List type="ordered" size="sm" spacing={4}>
            {chosen.how.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          {chosen.template && <Copyable label={t('forwarding.template')} value={chosen.template} block />}
        </Stack>
      )}
      <Text size="sm" role="status">
        {forwarding.last_message_at
          ? t('forwarding.lastMessage', { time: formatDateTime(forwarding.last_message_at) })
          : t('forwarding.noMessageYet')}
      </Text>
    </Stack>
  );
}
