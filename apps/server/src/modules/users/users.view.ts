import { formatAmount, formatMoney, USDT, type User, type UserType } from '@paydesk/contract';
import { type CsvColumn, yesNo } from '../../http/csv';
import type { OwnerBalances } from '../ledger/ledger.read';
import type { AgentLinkRow, FeeRow, TraderProfileRow, UserRow } from './users.repository';

/** Users seen this recently show the online dot (issue "People and access"). */
export const onlineWindowMs = 5 * 60_000;

export const percentText = (hundredths: number) => formatAmount(BigInt(hundredths), 2);

export const isOnline = (user: { lastSeenAt: Date | null }, now = Date.now()) =>
  user.lastSeenAt !== null && now - user.lastSeenAt.getTime() < onlineWindowMs;

/** Fee tiers as the wire has them; bounds are USDT amounts (the fee table of SPEC §2.8). */
export function feesView(fees: FeeRow[]) {
  return fees.map((fee) => ({
    direction: fee.direction as 'pay_in' | 'pay_out',
    min_amount: formatMoney(fee.minAmountMinor, USDT),
    max_amount: fee.maxAmountMinor === null ? null : formatMoney(fee.maxAmountMinor, USDT),
    percentage: percentText(fee.percentageHundredths),
  }));
}

function linkView(link: AgentLinkRow) {
  return {
    user: { uuid: link.agentId, username: link.agentUsername },
    user_uuid: link.agentId,
    pay_in_percentage: percentText(link.payInHundredths),
    pay_out_percentage: percentText(link.payOutHundredths),
  };
}

function profileView(user: UserRow, trader: TraderProfileRow | null, fees: FeeRow[], links: AgentLinkRow[]) {
  if (user.type === 'merchant') return { fees: feesView(fees), referrals: links.map(linkView) };
  if (user.type !== 'trader' || !trader) return null;
  return {
    fees: feesView(fees),
    withdraw_open: trader.withdrawOpen,
    deposit_open: trader.depositOpen,
    insurance_paid: trader.insurancePaid,
    insurance_payment_amount: { amount: formatMoney(trader.insuranceAmountMinor, USDT), currency: USDT },
    insurance_payment_currency: USDT.code,
    teamleads: links.map((link) => ({ ...linkView(link), is_main: link.isMain, username: link.agentUsername })),
  };
}

/** The managed-user entity of SPEC §3, with the user's balances from the ledger. */
export function toUser(
  user: UserRow,
  trader: TraderProfileRow | null,
  fees: FeeRow[],
  links: AgentLinkRow[],
  balances: OwnerBalances,
): User {
  return {
    uuid: user.id,
    username: user.username,
    email: user.email,
    type: user.type as UserType,
    is_root: user.isRoot,
    comment: user.comment,
    is_active: user.isActive,
    is_blocked: user.isBlocked,
    block_comment: user.blockComment,
    is_online: isOnline(user),
    manual_withdrawal: user.manualWithdrawal,
    two_factor: user.twoFactorEnabled,
    // The code itself is in the answer that made it only (create-user.ts); a read shows which link is pending.
    invite_code: null,
    invite:
      user.inviteCodeHint === null
        ? null
        : { hint: user.inviteCodeHint, expires_at: user.inviteExpiresAt?.toISOString() ?? null },
    roles: user.roles,
    permissions: user.permissions,
    wallets: [],
    balance: {
      hold: formatMoney(balances.hold, USDT),
      virtual: formatMoney(balances.available, USDT),
      insurance: formatMoney(balances.insurance, USDT),
      currency: USDT,
    },
    created_at: user.createdAt.toISOString(),
    profile: profileView(user, trader, fees, links),
  };
}

/** What an audit record keeps of a user: everything editable, never a secret (the invite code of a new user). */
export function auditSnapshot(view: User): Record<string, unknown> {
  const {
    uuid: _uuid,
    is_online: _online,
    wallets: _wallets,
    balance: _balance,
    created_at: _created,
    invite_code: _code,
    ...rest
  } = view;
  return rest;
}

/** The first fee tier's percentage of a direction, as the user lists show it. */
const firstFee = (user: User, direction: 'pay_in' | 'pay_out') =>
  user.profile?.fees.find((fee) => fee.direction === direction)?.percentage ?? null;

/** The columns of the users export (DESIGN §13): those of the user lists, balances exact. */
export const userCsvColumns: CsvColumn<User>[] = [
  { header: 'csv.column.id', exact: true, cell: (user) => user.uuid },
  { header: 'csv.column.username', cell: (user) => user.username },
  { header: 'csv.column.type', exact: true, cell: (user) => user.type },
  { header: 'csv.column.email', cell: (user) => user.email },
  { header: 'csv.column.is_active', cell: (user, language) => yesNo(user.is_active, language) },
  { header: 'csv.column.is_blocked', cell: (user, language) => yesNo(user.is_blocked, language) },
  { header: 'csv.column.is_online', cell: (user, language) => yesNo(user.is_online, language) },
  { header: 'csv.column.balance', exact: true, cell: (user) => user.balance.virtual },
  { header: 'csv.column.hold', exact: true, cell: (user) => user.balance.hold },
  { header: 'csv.column.insurance', exact: true, cell: (user) => user.balance.insurance },
  { header: 'csv.column.pay_in_fee', exact: true, cell: (user) => firstFee(user, 'pay_in') },
  { header: 'csv.column.pay_out_fee', exact: true, cell: (user) => firstFee(user, 'pay_out') },
  { header: 'csv.column.comment', cell: (user) => user.comment },
  { header: 'csv.column.created_at', exact: true, cell: (user) => user.created_at },
];
