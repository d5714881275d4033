import {
  type CreateUserInput,
  type FeeDirection,
  formatAmount,
  parseAmount,
  type UpdateUserInput,
  type User,
} from '@paydesk/contract';
import type { ManagedUserType } from '../api/listUsers';

/**
 * The state of the create/edit user form and the pure rules of SPEC §5 that turn it into a request: empty strings
 * become null, an empty password is never sent, an invite link removes the password, an edit sends only what
 * changed, and fees and agent links travel whole.
 */

export interface FeeDraft {
  /** React key of the row; never sent. */
  rowId: string;
  direction: FeeDirection;
  min_amount: string;
  /** Empty means unlimited (∞). */
  max_amount: string;
  percentage: string;
}

/** A team lead of a trader or a referral of a merchant: an agent with its percentages. */
export interface AgentLinkDraft {
  user_uuid: string;
  username: string;
  pay_in_percentage: string;
  pay_out_percentage: string;
  /** Team leads only: the trader's main agent. */
  is_main: boolean;
}

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  comment: string;
  manual_withdrawal: boolean;
  is_active: boolean;
  create_invite_link: boolean;
  roles: string[];
  permissions: string[];
  fees: FeeDraft[];
  agents: AgentLinkDraft[];
  withdraw_open: boolean;
  deposit_open: boolean;
  insurance_payment_amount: string;
}

export const hasFees = (type: ManagedUserType) => type === 'trader' || type === 'merchant';
export const hasAgents = hasFees;
export const hasRoles = (type: ManagedUserType) => type === 'admin';

let rowCounter = 0;
const nextRowId = () => {
  rowCounter += 1;
  return `fee-${rowCounter}`;
};

/** SPEC §5: a new fee row is pay-in from 0 with no upper bound at 0 %. */
export function newFeeRow(): FeeDraft {
  return { rowId: nextRowId(), direction: 'pay_in', min_amount: '0', max_amount: '', percentage: '0' };
}

/** SPEC §5: a newly chosen agent starts at '0' % both ways. */
export function newAgentLink(uuid: string, username: string): AgentLinkDraft {
  return { user_uuid: uuid, username, pay_in_percentage: '0', pay_out_percentage: '0', is_main: false };
}

export function emptyFormValues(): UserFormValues {
  return {
    username: '',
    email: '',
    password: '',
    comment: '',
    manual_withdrawal: false,
    is_active: true,
    create_invite_link: false,
    roles: [],
    permissions: [],
    fees: [],
    agents: [],
    withdraw_open: false,
    deposit_open: false,
    insurance_payment_amount: '',
  };
}

export function formValuesOf(user: User): UserFormValues {
  const profile = user.profile;
  const links = profile?.teamleads ?? profile?.referrals ?? [];
  return {
    ...emptyFormValues(),
    username: user.username,
    email: user.email ?? '',
    comment: user.comment ?? '',
    manual_withdrawal: user.manual_withdrawal,
    is_active: user.is_active,
    roles: [...user.roles],
    permissions: [...user.permissions],
    fees: (profile?.fees ?? []).map((fee) => ({
      rowId: nextRowId(),
      direction: fee.direction,
      min_amount: fee.min_amount,
      max_amount: fee.max_amount ?? '',
      percentage: fee.percentage,
    })),
    agents: links.map((link) => ({
      user_uuid: link.user_uuid,
      username: link.user.username,
      pay_in_percentage: link.pay_in_percentage,
      pay_out_percentage: link.pay_out_percentage,
      is_main: 'is_main' in link && link.is_main === true,
    })),
    withdraw_open: profile?.withdraw_open ?? false,
    deposit_open: profile?.deposit_open ?? false,
    insurance_payment_amount: profile?.insurance_payment_amount?.amount ?? '',
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A decimal in one spelling ("5", "5.0" and "5.00" are the same), so an untouched value never counts as a change. */
function canonicalDecimal(value: string): string {
  try {
    return formatAmount(parseAmount(value, 6), 6);
  } catch {
    return value.trim();
  }
}

function feesPayload(fees: FeeDraft[]) {
  return fees.map((fee) => ({
    direction: fee.direction,
    min_amount: fee.min_amount.trim(),
    max_amount: blankToNull(fee.max_amount),
    percentage: fee.percentage.trim(),
  }));
}

function teamleadsPayload(agents: AgentLinkDraft[]) {
  return agents.map((agent) => ({
    user_uuid: agent.user_uuid,
    is_main: agent.is_main,
    pay_in_percentage: agent.pay_in_percentage.trim(),
    pay_out_percentage: agent.pay_out_percentage.trim(),
  }));
}

function referralsPayload(agents: AgentLinkDraft[]) {
  return agents.map((agent) => ({
    user_uuid: agent.user_uuid,
    pay_in_percentage: agent.pay_in_percentage.trim(),
    pay_out_percentage: agent.pay_out_percentage.trim(),
  }));
}

/** The comparable form of a list of fee rows or agent links: decimals canonical, keys in one order. */
function comparable(rows: Record<string, string | boolean | null>[]): string {
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => [
            key,
            typeof value === 'string' && key !== 'user_uuid' ? canonicalDecimal(value) : value,
          ]),
      ),
    ),
  );
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

type ProfilePayload = NonNullable<CreateUserInput['profile']>;

function fullProfile(type: ManagedUserType, values: UserFormValues): ProfilePayload | undefined {
  if (type === 'trader') {
    const insurance = values.insurance_payment_amount.trim();
    return {
      withdraw_open: values.withdraw_open,
      deposit_open: values.deposit_open,
      ...(insurance === '' ? {} : { insurance_payment_amount: insurance }),
      fees: feesPayload(values.fees),
      teamleads: teamleadsPayload(values.agents),
    };
  }
  if (type === 'merchant') return { fees: feesPayload(values.fees), referrals: referralsPayload(values.agents) };
  return undefined;
}

/** The body of `POST /user`. With an invite link the password is left out (SPEC §5). */
export function createPayload(type: ManagedUserType, values: UserFormValues): CreateUserInput {
  const password = values.password.trim() === '' ? undefined : values.password;
  const profile = fullProfile(type, values);
  return {
    type,
    username: values.username.trim(),
    email: blankToNull(values.email),
    comment: blankToNull(values.comment),
    ...(values.create_invite_link || password === undefined ? {} : { password }),
    is_active: values.is_active,
    manual_withdrawal: values.manual_withdrawal,
    create_invite_link: values.create_invite_link,
    ...(hasRoles(type) ? { roles: values.roles, permissions: values.permissions } : {}),
    ...(profile ? { profile } : {}),
  } as CreateUserInput;
}

function profileChanges(type: ManagedUserType, initial: UserFormValues, values: UserFormValues): ProfilePayload {
  const changes: ProfilePayload = {};
  if (!hasFees(type)) return changes;
  if (comparable(feesPayload(values.fees)) !== comparable(feesPayload(initial.fees))) {
    changes.fees = feesPayload(values.fees);
  }
  if (type === 'merchant') {
    if (comparable(referralsPayload(values.agents)) !== comparable(referralsPayload(initial.agents))) {
      changes.referrals = referralsPayload(values.agents);
    }
    return changes;
  }
  if (comparable(teamleadsPayload(values.agents)) !== comparable(teamleadsPayload(initial.agents))) {
    changes.teamleads = teamleadsPayload(values.agents);
  }
  if (values.withdraw_open !== initial.withdraw_open) changes.withdraw_open = values.withdraw_open;
  if (values.deposit_open !== initial.deposit_open) changes.deposit_open = values.deposit_open;
  const insurance = values.insurance_payment_amount.trim();
  // An emptied amount is left as it was: the server has no "no amount" for a trader.
  if (insurance !== '' && canonicalDecimal(insurance) !== canonicalDecimal(initial.insurance_payment_amount)) {
    changes.insurance_payment_amount = insurance;
  }
  return changes;
}

/** The body of `POST /user/{uuid}`: only the fields that differ from `initial`; empty when nothing changed. */
export function updatePayload(type: ManagedUserType, initial: UserFormValues, values: UserFormValues): UpdateUserInput {
  const changes: UpdateUserInput = {};
  if (values.username.trim() !== initial.username.trim()) changes.username = values.username.trim();
  if (blankToNull(values.email) !== blankToNull(initial.email)) changes.email = blankToNull(values.email);
  if (blankToNull(values.comment) !== blankToNull(initial.comment)) changes.comment = blankToNull(values.comment);
  if (values.password.trim() !== '') changes.password = values.password;
  if (values.is_active !== initial.is_active) changes.is_active = values.is_active;
  if (values.manual_withdrawal !== initial.manual_withdrawal) changes.manual_withdrawal = values.manual_withdrawal;
  if (hasRoles(type)) {
    if (!sameSet(values.roles, initial.roles)) changes.roles = values.roles as UpdateUserInput['roles'];
    if (!sameSet(values.permissions, initial.permissions)) {
      changes.permissions = values.permissions as UpdateUserInput['permissions'];
    }
  }
  const profile = profileChanges(type, initial, values);
  if (Object.keys(profile).length > 0) changes.profile = profile;
  return changes;
}

const linkFields = 'user_uuid|pay_in_percentage|pay_out_percentage|is_main';
const feeFields = 'direction|min_amount|max_amount|percentage';

/** Whether the form shows an error with this key next to one of its fields; the others go under the form. */
export function isShownAtField(type: ManagedUserType, key: string, values: UserFormValues): boolean {
  if (/^(username|email|comment|is_active|manual_withdrawal)$/.test(key)) return true;
  if (key === 'password') return !values.create_invite_link;
  if (/^(roles|permissions)$/.test(key)) return hasRoles(type);
  if (hasFees(type) && new RegExp(`^profile\\.fees(\\.\\d+\\.(${feeFields}))?$`).test(key)) return true;
  const links = type === 'trader' ? 'teamleads' : type === 'merchant' ? 'referrals' : null;
  if (links && new RegExp(`^profile\\.${links}(\\.\\d+\\.(${linkFields}))?$`).test(key)) return true;
  return type === 'trader' && /^profile\.(withdraw_open|deposit_open|insurance_payment_amount)$/.test(key);
}
