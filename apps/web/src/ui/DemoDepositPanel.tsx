import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatAmountDisplay } from '../lib/format';
import { useSimulateDeposit } from '../lib/money';
import { QueryFailure } from './QueryFailure';

export interface DemoDepositPanelProps {
  /** What the simulated deposit does here (the gate's says it pays exactly the contribution). */
  text: string;
}

/**
 * Demo mode only: lets a newcomer see a deposit arrive without sending real USDT. The demo chain "sends" it to the
 * user's own address and it is credited through the same path as a real one.
 */
export function DemoDepositPanel({ text }: DemoDepositPanelProps) {
  const { t } = useTranslation('ui');
  const deposit = useSimulateDeposit();
  const credited = deposit.data?.payment.money;

  return (
    <Alert color="grape" variant="light" icon={<IconFlask aria-hidden />} title={t('demoDeposit.title')}>
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
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
            {t('demoDeposit.button')}
          </Button>
          {credited && (
            <Text size="sm" c="teal" role="status">
              {t('demoDeposit.credited', {
                amount: formatAmountDisplay(credited.amount),
                currency: credited.currency.code,
              })}
            </Text>
          )}
        </Group>
        <QueryFailure query={deposit} fallback={t('demoDeposit.failed')} />
      </Stack>
    </Alert>
  );
}
