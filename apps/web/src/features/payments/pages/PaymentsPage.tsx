import { Badge, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { can, paymentTypes } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { PageHeader } from '../../../ui/PageHeader';
import { ScreenTabs } from '../../../ui/ScreenTabs';
import { useUrlTab } from '../../../ui/useUrlTab';
import { useWaitingWithdrawals } from '../api/listPayments';
import { CreditDepositModal } from '../components/CreditDepositModal';
import { PaymentListView } from '../components/PaymentListView';

/**
 * /pay (SPEC §2.13): deposits and withdrawals of every user, one tab each; the tab is kept in `?tab=` so a reload
 * keeps it, and the list's filters beside it; each change of tab is a history entry. Full admins also credit an on-chain deposit by hand and decide withdrawals; a support admin only reads.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const user = useCurrentUser().data;
  const [tab, setTab] = useUrlTab(paymentTypes, 'deposit');
  const [crediting, setCrediting] = useState(false);
  const subject = user === undefined ? null : accessSubjectOf(user);
  const mayCredit = subject !== null && can(subject, 'deposits.credit');
  // A support admin sees the payments but moves no money (DESIGN §5).
  const mayModerate = subject !== null && can(subject, 'payments.moderate');
  const mayExport = subject !== null && can(subject, 'payments.read');
  const waiting = useWaitingWithdrawals(mayModerate);
  const tabLabel = (type: (typeof paymentTypes)[number]) =>
    type === 'withdraw' && waiting !== undefined && waiting > 0 ? (
      <Group gap={6} wrap="nowrap" component="span">
        {t('tab.withdraw')}
        <Badge size="sm" variant="filled" circle={waiting < 10} aria-hidden>
          {waiting}
        </Badge>
        <VisuallyHidden>{t('tab.waiting', { count: waiting })}</VisuallyHidden>
      </Group>
    ) : (
      t(`tab.${type}`)
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>
        {mayCredit && tab === 'deposit' && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCrediting(true)}>
            {t('credit.open')}
          </Button>
        )}
      </PageHeader>
      <ScreenTabs
        tabs={paymentTypes}
        value={tab}
        onChange={setTab}
        label={tabLabel}
        panel={(type) => <PaymentListView type={type} mayModerate={mayModerate} mayExport={mayExport} />}
      />
      {mayCredit && <CreditDepositModal opened={crediting} onClose={() => setCrediting(false)} />}
    </Stack>
  );
}
