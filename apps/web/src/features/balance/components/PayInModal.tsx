import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlatformInfo } from '../../../lib/money';
import { useFailureText } from '../../../lib/useFailureText';
import { Amount } from '../../../ui/Amount';
import { AppModal } from '../../../ui/AppModal';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableText } from '../../../ui/CopyableText';
import { DemoDepositPanel } from '../../../ui/DemoDepositPanel';
import { useWallets } from '../api/getWallets';

export interface PayInModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2.6 pay-in modal: the user's real USDT deposit addresses, each with a copy button (copied mark 5 s, §9). */
export function PayInModal({ opened, onClose }: PayInModalProps) {
  const { t } = useTranslation('balance');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('payIn.title')} size="lg">
      {opened && <PayInContent onClose={onClose} />}
    </AppModal>
  );
}

function PayInContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('balance');
  const failureText = useFailureText();
  const wallets = useWallets();
  const demo = usePlatformInfo().data?.demo ?? false;
  const real = (wallets.data ?? []).filter((wallet) => wallet.type.slug === 'real');

  return (
    <Stack gap="md">
      <Text size="sm">{t('payIn.text')}</Text>
      {wallets.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t('loading')} />
        </Group>
      ) : wallets.isError ? (
        <Text c="red" size="sm" role="alert">
          {failureText(wallets.error, t('wallets.loadFailed'))}
        </Text>
      ) : real.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payIn.addressPreparing')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('payIn.addresses')}>
          {real.map((wallet) => (
            <Paper key={wallet.name} component="li" withBorder p="xs" radius="sm">
              <Stack gap={2}>
                <CopyableText value={wallet.name} timeoutMs={copiedTimeoutMs.walletAddress} />
                <Text size="xs" c="dimmed">
                  {t('payIn.received')} <Amount amount={wallet.amount.amount} currency={wallet.amount.currency.code} />
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {demo && real.length > 0 && <DemoDepositPanel text={t('demo.text')} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Stack>
  );
}
