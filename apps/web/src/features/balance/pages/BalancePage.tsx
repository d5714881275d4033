import { Stack, Title } from '@mantine/core';
import { can } from '@paydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { BalanceHistorySection } from '../components/BalanceHistorySection';
import { BalanceSummaryCard } from '../components/BalanceSummaryCard';
import { PayInModal } from '../components/PayInModal';
import { PayoutModal } from '../components/PayoutModal';
import { WalletsSection } from '../components/WalletsSection';
import { WithdrawalsSection } from '../components/WithdrawalsSection';

type Dialog = 'payIn' | 'payOut';

/**
 * /balance (SPEC §2.6): the virtual USDT balance with Pay in and Withdraw USDT as the role allows, the virtual
 * wallets, the user's own withdrawals (for those who may withdraw) and the balance history. Real-time events and every money mutation refresh it through the `money` query root.
 */
export function BalancePage() {
  const { t } = useTranslation('balance');
  const { data: user } = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (!user) return null;
  const subject = accessSubjectOf(user);
  const close = () => setDialog(null);

  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <BalanceSummaryCard
        onPayIn={can(subject, 'balance.payIn') ? () => setDialog('payIn') : undefined}
        onPayOut={can(subject, 'balance.payOut') ? () => setDialog('payOut') : undefined}
      />
      <WalletsSection />
      {can(subject, 'balance.payOut') && <WithdrawalsSection />}
      <BalanceHistorySection />
      <PayInModal opened={dialog === 'payIn'} onClose={close} />
      <PayoutModal opened={dialog === 'payOut'} user={user} onClose={close} />
    </Stack>
  );
}
