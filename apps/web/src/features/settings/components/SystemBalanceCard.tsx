import { Alert, Button, Group, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Reconciliation, SystemBalance } from '@paydesk/contract';
import { IconAlertTriangle, IconCircleCheck, IconScale } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortenId } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { Amount } from '../../../ui/Amount';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useCheckLedger } from '../api/checkLedger';
import { useSystemBalance } from '../api/getSystemBalance';
import { SettingsSection } from './SettingsSection';

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="55%" fw={500}>
        {label}
        {hint && (
          <Text size="xs" c="dimmed" fw={400}>
            {hint}
          </Text>
        )}
      </Table.Th>
      <Table.Td ta="right" fw={600}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

function Figures({ balance }: { balance: SystemBalance }) {
  const { t } = useTranslation('settings');
  const money = (amount: string) => <Amount amount={amount} currency={balance.currency.code} />;
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false}>
      <Table.Tbody>
        <Row label={t('systemBalance.custody')} hint={t('systemBalance.custodyHint')}>
          {money(balance.custody)}
        </Row>
        <Row label={t('systemBalance.usersAvailable')} hint={t('systemBalance.owedHint')}>
          {money(balance.users_available)}
        </Row>
        <Row label={t('systemBalance.usersHold')}>{money(balance.users_hold)}</Row>
        <Row label={t('systemBalance.usersInsurance')}>{money(balance.users_insurance)}</Row>
        <Row label={t('systemBalance.revenue')}>{money(balance.revenue)}</Row>
        <Row label={t('systemBalance.rounding')}>{money(balance.rounding)}</Row>
        <Row label={t('systemBalance.withdrawalsWaiting')}>{balance.withdrawals_waiting}</Row>
      </Table.Tbody>
    </Table>
  );
}

/** The problems a reconciliation found, one sentence each. */
function problemsOf(result: Reconciliation, t: (key: string, options?: Record<string, unknown>) => string) {
  const problems: { key: string; text: string }[] = result.differences.map((difference) => ({
    key: `difference:${difference.account_uuid}`,
    text: t('ledger.difference', {
      kind: t(`ledger.kinds.${difference.kind}`, { defaultValue: difference.kind }),
      owner: difference.owner?.username ?? t('ledger.platform'),
      account: shortenId(difference.account_uuid),
      stored: difference.stored,
      computed: difference.computed,
    }),
  }));
  for (const total of result.totals) {
    if (!/^-?0(\.0*)?$/.test(total.sum)) {
      problems.push({
        key: `total:${total.currency}`,
        text: t('ledger.total', { currency: total.currency, sum: total.sum }),
      });
    }
  }
  if (result.broken_chains > 0) {
    problems.push({ key: 'chains', text: t('ledger.brokenChains', { count: result.broken_chains }) });
  }
  if (result.unbalanced_transfers > 0) {
    problems.push({ key: 'unbalanced', text: t('ledger.unbalanced', { count: result.unbalanced_transfers }) });
  }
  return problems;
}

function ReconciliationOutcome({ result }: { result: Reconciliation }) {
  const { t } = useTranslation('settings');
  const checked = { accounts: result.accounts, transfers: result.transfers, at: formatDateTime(result.checked_at) };
  if (result.ok) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('ledger.okTitle')}
        role="status"
      >
        {t('ledger.ok', checked)}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('ledger.failedTitle')}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{t('ledger.checked', checked)}</Text>
        <List size="sm" spacing={4}>
          {problemsOf(result, t).map((problem) => (
            <List.Item key={problem.key}>{problem.text}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

function LedgerCheck() {
  const { t } = useTranslation('settings');
  const check = useCheckLedger();
  return (
    <Stack gap="sm" mt="md">
      <Group>
        <Button
          variant="light"
          leftSection={<IconScale size={16} aria-hidden />}
          loading={check.isPending}
          onClick={() => {
            if (!check.isPending) check.mutate();
          }}
        >
          {check.data ? t('ledger.checkAgain') : t('ledger.check')}
        </Button>
      </Group>
      <QueryFailure query={check} fallback={t('loadFailed')} />
      {check.data && !check.isPending && <ReconciliationOutcome result={check.data} />}
    </Stack>
  );
}

/**
 * SPEC §2.11 "Admin: system balance (virtual wallet)": what the platform holds on its wallets, what it owes its
 * users, what it has earned, and the withdrawals still waiting; with the `ledger` capability, a check that every
 * stored balance matches the ledger's entries.
 */
export function SystemBalanceCard({ canCheckLedger }: { canCheckLedger: boolean }) {
  const { t } = useTranslation('settings');
  const failureText = useFailureText();
  const balance = useSystemBalance();
  return (
    <SettingsSection title={t('systemBalance.title')} description={t('systemBalance.description')}>
      {balance.data ? (
        <Figures balance={balance.data} />
      ) : balance.isError ? (
        <Text c="red" size="sm" role="alert">
          {failureText(balance.error, t('loadFailed'))}
        </Text>
      ) : (
        <Stack gap="xs" aria-label={t('loading')}>
          <Skeleton h={20} />
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      )}
      {canCheckLedger && <LedgerCheck />}
    </SettingsSection>
  );
}
