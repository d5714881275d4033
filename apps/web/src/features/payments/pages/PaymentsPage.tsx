import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { can, paymentTypes } from '@paydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useUrlTab } from '../../../ui/useUrlTab';
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

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {mayCredit && tab === 'deposit' && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCrediting(true)}>
            {t('credit.open')}
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {paymentTypes.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {t(`tab.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {paymentTypes.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <PaymentListView type={type} mayModerate={mayModerate} mayExport={mayExport} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {mayCredit && <CreditDepositModal opened={crediting} onClose={() => setCrediting(false)} />}
    </Stack>
  );
}
