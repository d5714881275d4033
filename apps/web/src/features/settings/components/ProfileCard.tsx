import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CurrentUser, Wallet } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import { CopyableId } from '../../../ui/CopyableId';
import { CopyableText } from '../../../ui/CopyableText';

function Flag({ value, labels }: { value: boolean; labels: [string, string] }) {
  return (
    <Badge variant={value ? 'light' : 'default'} color={value ? 'teal' : undefined} tt="none">
      {value ? labels[0] : labels[1]}
    </Badge>
  );
}

function WalletRow({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap={2} component="li">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Badge variant="outline" color={wallet.type.slug === 'real' ? 'indigo' : 'gray'} size="sm">
          {t(`profile.walletType.${wallet.type.slug}`)}
        </Badge>
        <Text size="sm" fw={600}>
          <Amount amount={wallet.amount.amount} currency={wallet.amount.currency.code} />
        </Text>
      </Group>
      <CopyableText value={wallet.name} timeoutMs={copiedTimeoutMs.walletAddress} />
    </Stack>
  );
}

/** SPEC §2.11: the profile card of partners, agents, merchants and traders. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const rows: [string, ReactNode][] = [
    [t('profile.id'), <CopyableId key="id" id={user.userId} />],
    [t('profile.username'), user.username],
    [t('profile.role'), t(`role.${user.role}`)],
    [t('profile.createdAt'), formatDateTime(user.createdAt)],
    [t('profile.inviteCode'), user.inviteCode ?? t('none')],
    [t('profile.manualWithdrawal'), <Flag key="mw" value={user.manualWithdrawal} labels={[t('on'), t('off')]} />],
    [t('profile.twoFactor'), <Flag key="2fa" value={user.is2FAEnabled} labels={[t('enabled'), t('disabled')]} />],
    [t('profile.active'), <Flag key="active" value={user.isActive} labels={[t('yes'), t('no')]} />],
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="sm">
        {t('profile.title')}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('profile.wallets')}
      </Title>
      {user.wallets.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('profile.noWallets')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {user.wallets.map((wallet) => (
            <WalletRow key={`${wallet.type.slug}:${wallet.name}`} wallet={wallet} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
