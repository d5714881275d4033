import { Blockquote, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BankMessageToConfirm } from '@paydesk/contract';
import { IconMessageCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay, formatDateTime, shortenId } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { useBankMessagesToConfirm, useConfirmBankMessage } from '../api/bankMessages';

function MessageCard({ message }: { message: BankMessageToConfirm }) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const confirm = useConfirmBankMessage();
  const headingId = useId();
  const amount = `${formatAmountDisplay(message.amount)} ${message.currency}`;
  const onConfirm = () =>
    confirm.mutate(message.id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          message: t('bankMessage.confirmed', { id: shortenId(message.order_guid) }),
        }),
      onError: (error) => notifications.show({ color: 'red', message: failureText(error, t('actionFailed')) }),
    });
  return (
    <Card withBorder padding="sm" radius="md" component="li" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} id={headingId}>
            {t('bankMessage.heading', { amount, id: shortenId(message.order_guid) })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.received_at)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {message.app
            ? t('bankMessage.via', { terminal: message.terminal.name, app: message.app.title })
            : message.terminal.name}
        </Text>
        {/* The sender inside the quote in the text's own colour: Mantine's dimmed cite fell below AA on the panel. */}
        <Blockquote p="xs" radius="sm" style={{ overflowWrap: 'anywhere' }}>
          {message.title && (
            <Text size="xs" fw={600} mb={4}>
              {message.title}
            </Text>
          )}
          <Text size="sm">{message.body}</Text>
        </Blockquote>
        {/* The theme's primary colour (white on Mantine's teal was 3.9:1, below AA); on a phone the label wraps. */}
        <Button
          onClick={onConfirm}
          loading={confirm.isPending}
          fullWidth
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {t('bankMessage.confirm', { amount })}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * "Bank message received — confirm" (DESIGN §19): on the trader's active orders, each pay-in a weakly authenticated
 * bank message matched, with the message as it came and one button that settles the order. Nothing shows while there
 * is none.
 */
export function BankMessagesToConfirm() {
  const { t } = useTranslation('orders');
  const query = useBankMessagesToConfirm(true);
  const headingId = useId();
  const messages = query.data ?? [];
  if (messages.length === 0) return null;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="md"
      style={{ borderColor: 'var(--mantine-color-yellow-outline)', background: 'var(--mantine-color-yellow-light)' }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMessageCheck size={20} aria-hidden />
          <Title order={2} size="h5" id={headingId}>
            {t('bankMessage.title')}
          </Title>
        </Group>
        <Text size="sm">{t('bankMessage.explain')}</Text>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
