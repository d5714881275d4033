import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../../../lib/format';
import { usePlatformInfo } from '../../../lib/money';
import { Amount } from '../../../ui/Amount';
import { AppModal } from '../../../ui/AppModal';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableText } from '../../../ui/CopyableText';
import { useWallets } from '../api/getWallets';
import { useSimulateDeposit } from '../api/simulateDeposit';
import { useFailureText } from './useFailureText';

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
      {demo && real.length > 0 && <DemoDeposit />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Demo mode only: lets a newcomer see a deposit arrive without sending real USDT. */
function DemoDeposit() {
  const { t } = useTranslation('balance');
  const failureText = useFailureText();
  const deposit = useSimulateDeposit();
  const credited = deposit.data?.payment.money;

  return (
    <Alert color="grape" variant="light" icon={<IconFlask aria-hidden />} title={t('demo.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('demo.text')}</Text>
        <Group gap="sm" wrap="wrap">
          <Button
            size="sm"
            color="grape"
            loading={deposit.isPending}
            // A long label (Russian) wraps instead of pushing the alert wider than a phone.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            onClick={() => {
              if (!deposit.isPending) deposit.mutate();
            }}
          >
            {t('demo.button')}
          </Button>
          {credited && (
            <Text size="sm" c="teal" role="status">
              {t('demo.credited', { amount: formatAmountDisplay(credited.amount), currency: credited.currency.code })}
            </Text>
          )}
        </Group>
        {deposit.isError && (
          <Text c="red" size="sm" role="alert">
            {failureText(deposit.error, t('demo.failed'))}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
