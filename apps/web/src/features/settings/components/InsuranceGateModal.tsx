import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@paydesk/contract';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableText } from '../../../ui/CopyableText';

function noop() {}

interface InsuranceGateModalProps {
  user: CurrentUser;
  /** Signing out is the only way past the gate besides paying; the shell provides it. */
  onSignOut?: () => void;
}

/**
 * SPEC §2.11 / §4 trader insurance gate: a modal that cannot be closed, stating the contribution due and the
 * trader's real deposit addresses with a copy action (copied mark 5 s, §9).
 */
export function InsuranceGateModal({ user, onSignOut }: InsuranceGateModalProps) {
  const { t } = useTranslation('settings');
  const due = user.profile.insurance_payment_amount;
  const currency = due?.currency.code ?? 'USDT';
  const addresses = user.wallets.filter((wallet) => wallet.type.slug === 'real').map((wallet) => wallet.name);

  return (
    <Modal
      opened
      onClose={noop}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={t('insurance.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text>
          {due
            ? t('insurance.text', { amount: formatAmountDisplay(due.amount), currency: due.currency.code })
            : t('insurance.amountNotSet')}
        </Text>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('insurance.addresses', { currency })}
          </Text>
          {addresses.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('insurance.addressPreparing')}
            </Text>
          ) : (
            addresses.map((address) => (
              <Paper key={address} withBorder p="xs" radius="sm">
                <CopyableText value={address} timeoutMs={copiedTimeoutMs.walletAddress} />
              </Paper>
            ))
          )}
        </Stack>
        {onSignOut && (
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
              {t('insurance.signOut')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
