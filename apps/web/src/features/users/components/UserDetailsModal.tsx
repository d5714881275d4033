import { Badge, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { User } from '@paydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Amount } from '../../../ui/Amount';
import { ItemModal } from '../../../ui/AppModal';
import { CopyableId } from '../../../ui/CopyableId';
import { CopyableText } from '../../../ui/CopyableText';
import { OnlineDot } from '../../../ui/OnlineDot';
import { useUser } from '../api/getUser';
import { AuditTrail } from './AuditTrail';
import { feeRangeText, firstFeePercentage, inviteLinkOf, noValue, percentText } from './display';

export interface UserDetailsModalProps {
  /** The list row; the modal shows it at once and refreshes it from `GET /user/{uuid}`. */
  user: User | null;
  onClose: () => void;
}

/** SPEC §2.8 details modal, per type, with the audit trail below. */
export function UserDetailsModal({ user, onClose }: UserDetailsModalProps) {
  const { t } = useTranslation('users');
  return (
    <ItemModal
      item={user}
      onClose={onClose}
      title={(shown) => t('details.title', { username: shown.username })}
      size="lg"
    >
      {(shown) => <UserDetails key={shown.uuid} known={shown} />}
    </ItemModal>
  );
}

function Flag({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge variant={value ? 'light' : 'default'} color={value ? 'teal' : undefined} tt="none">
      {value ? yes : no}
    </Badge>
  );
}

/** The invite code when this answer carries it, else the pending link's first characters and its expiry. */
function inviteCodeText(
  user: User,
  code: string | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (code) return code;
  if (!user.invite) return noValue;
  const hint = `${user.invite.hint}…`;
  return user.invite.expires_at
    ? t('details.inviteHint', { hint, time: formatDateTime(user.invite.expires_at) })
    : hint;
}

function UserDetails({ known }: { known: User }) {
  const { t } = useTranslation('users');
  const user = useUser(known).data ?? known;
  // The code comes once, in the answer that made the user (it is kept hashed); reads say only which link is pending.
  const inviteCode = known.invite_code ?? user.invite_code;
  const profile = user.profile;
  const yesNo = (value: boolean) => <Flag value={value} yes={t('yes')} no={t('no')} />;
  const onOff = (value: boolean) => <Flag value={value} yes={t('on')} no={t('off')} />;
  const openClosed = (value: boolean) => <Flag value={value} yes={t('open')} no={t('closed')} />;

  const rows: [string, ReactNode][] = [
    [t('field.uuid'), <CopyableId key="uuid" id={user.uuid} />],
    [t('field.username'), user.username],
    [t('field.email'), user.email ?? noValue],
    [t('field.active'), yesNo(user.is_active)],
    [t('field.manualWithdrawal'), onOff(user.manual_withdrawal)],
    [t('field.inviteCode'), inviteCodeText(user, inviteCode, t)],
  ];
  if (inviteCode) {
    rows.push([
      t('field.inviteLink'),
      <Stack key="link" gap={4}>
        <CopyableText value={inviteLinkOf(inviteCode)} />
        <Text size="xs" c="dimmed">
          {t('details.inviteShownOnce')}
        </Text>
      </Stack>,
    ]);
  }
  rows.push([t('field.comment'), user.comment ?? noValue]);
  if (user.type === 'admin') {
    rows.push([
      t('field.roles'),
      user.roles.length ? user.roles.map((role) => t(`role.${role}`, { defaultValue: role })).join(', ') : t('none'),
    ]);
    rows.push([
      t('field.permissions'),
      user.permissions.length
        ? user.permissions.map((id) => t(`permission.${id}`, { defaultValue: id })).join(', ')
        : t('none'),
    ]);
  }
  rows.push(
    [
      t('field.online'),
      <Group key="online" gap={6} wrap="nowrap">
        <OnlineDot online={user.is_online} />
        <Text size="sm">{user.is_online ? t('online') : t('offline')}</Text>
      </Group>,
    ],
    [t('field.twoFactor'), <Flag key="2fa" value={user.two_factor} yes={t('enabled')} no={t('disabled')} />],
    [
      t('field.blocked'),
      user.is_blocked ? `${t('yes')}${user.block_comment ? ` — ${user.block_comment}` : ''}` : t('no'),
    ],
  );
  if (user.type === 'trader' || user.type === 'merchant') {
    rows.push(
      [t('field.payIn'), firstFeePercentage(user, 'pay_in')],
      [t('field.payOut'), firstFeePercentage(user, 'pay_out')],
    );
  }
  if (user.type === 'merchant') {
    rows.push([
      t('field.virtualBalance'),
      <Amount key="balance" amount={user.balance.virtual} currency={user.balance.currency.code} />,
    ]);
  }
  if (user.type === 'trader' && profile) {
    rows.push(
      [t('field.withdraw'), openClosed(profile.withdraw_open ?? false)],
      [t('field.deposit'), openClosed(profile.deposit_open ?? false)],
      [
        t('field.insuranceAmount'),
        profile.insurance_payment_amount ? (
          <Amount
            key="insurance"
            amount={profile.insurance_payment_amount.amount}
            currency={profile.insurance_payment_amount.currency.code}
          />
        ) : (
          noValue
        ),
      ],
      [t('field.insurancePaid'), yesNo(profile.insurance_paid ?? false)],
    );
  }

  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {profile && <FeesTable user={user} />}
      {profile && (user.type === 'trader' || user.type === 'merchant') && <AgentsTable user={user} />}
      <Divider />
      <AuditTrail uuid={user.uuid} />
    </Stack>
  );
}

function FeesTable({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const fees = user.profile?.fees ?? [];
  return (
    <Stack gap={4} component="section" aria-labelledby="details-fees">
      <Title order={3} size="h5" id="details-fees">
        {t('form.fees')}
      </Title>
      {fees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.noFees')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fee.direction')}</Table.Th>
                <Table.Th>{t('fee.range')}</Table.Th>
                <Table.Th>{t('fee.percentage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.map((fee) => (
                <Table.Tr key={`${fee.direction}:${fee.min_amount}`}>
                  <Table.Td>{t(`direction.${fee.direction}`)}</Table.Td>
                  <Table.Td>{feeRangeText(fee.min_amount, fee.max_amount)}</Table.Td>
                  <Table.Td>{percentText(fee.percentage)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function AgentsTable({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const trader = user.type === 'trader';
  const links = (trader ? user.profile?.teamleads : user.profile?.referrals) ?? [];
  const kind = trader ? 'teamleads' : 'referrals';
  return (
    <Stack gap={4} component="section" aria-labelledby="details-agents">
      <Title order={3} size="h5" id="details-agents">
        {t(`form.${kind}`)}
      </Title>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noAgents')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('agent.name')}</Table.Th>
                <Table.Th>{t('agent.payIn')}</Table.Th>
                <Table.Th>{t('agent.payOut')}</Table.Th>
                {trader && <Table.Th>{t('agent.main')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.map((link) => (
                <Table.Tr key={link.user_uuid}>
                  <Table.Td>{link.user.username}</Table.Td>
                  <Table.Td>{percentText(link.pay_in_percentage)}</Table.Td>
                  <Table.Td>{percentText(link.pay_out_percentage)}</Table.Td>
                  {trader && <Table.Td>{'is_main' in link && link.is_main ? t('yes') : t('no')}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
