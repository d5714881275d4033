import {
  type createUserSchema,
  type ListData,
  paginate,
  parseAmount,
  permissions,
  type profileInputSchema,
  USDT,
  type User,
  type UserListQuery,
  type updateUserSchema,
} from '@paydesk/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { newId, randomToken } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { deleteOtherSessions } from '../auth/sessions.repository';
import * as ledger from '../ledger/ledger.repository';
import { insuranceDueMinor } from './insurance';
import { userListFilters } from './users.filters';
import * as repo from './users.repository';
import { auditSnapshot, diff, percentText, userView } from './users.view';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;
type Profile = z.output<typeof profileInputSchema>;

/** Invite links are single-use and expire after a week. */
export const inviteLifetimeMs = 7 * 24 * 3_600_000;

const hundredths = (value: string) => Number(parseAmount(value, 2));
const usdtMinor = (value: string) => parseAmount(value, USDT.ratio_fraction);
const pageOf = (query: { page: number; count: number }) => ({
  limit: query.count,
  offset: (query.page - 1) * query.count,
});

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** Which profile fields apply to which type of user. */
const profileFieldsOf: Record<string, readonly (keyof Profile)[]> = {
  trader: [
    'withdraw_open',
    'deposit_open',
    'insurance_payment_amount',
    'insurance_payment_currency',
    'fees',
    'teamleads',
  ],
  merchant: ['fees', 'referrals'],
};

function assertProfileFits(type: string, profile: Profile | undefined) {
  if (!profile) return;
  const allowed = profileFieldsOf[type] ?? [];
  for (const key of Object.keys(profile) as (keyof Profile)[]) {
    if (profile[key] !== undefined && !allowed.includes(key))
      throw fieldError(`profile.${key}`, 'validation.profile_type');
  }
}

function assertAdminFields(
  type: string,
  input: { roles?: unknown[] | undefined; permissions?: unknown[] | undefined },
) {
  if (type === 'admin') return;
  if (input.roles?.length) throw fieldError('roles', 'validation.roles_admin_only');
  if (input.permissions?.length) throw fieldError('permissions', 'validation.roles_admin_only');
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function createUsersService(db: Db) {
  async function views(tx: Db | Tx, rows: { user: repo.UserRow; profile: repo.TraderProfileRow | null }[]) {
    const ids = rows.map((row) => row.user.id);
    const [fees, links, balances] = await Promise.all([
      repo.feesOf(tx, ids),
      repo.agentLinksOf(tx, ids),
      ledger.balancesOf(tx, ids, USDT.code),
    ]);
    return rows.map(({ user, profile }) =>
      userView(
        user,
        profile,
        fees.filter((fee) => fee.userId === user.id),
        links.filter((link) => link.userId === user.id),
        balances.get(user.id) ?? ledger.zeroBalances(),
      ),
    );
  }

  async function viewOf(tx: Db | Tx, id: string): Promise<User> {
    const row = await repo.findUserWithProfile(tx, id);
    if (!row) throw new DomainError('not_found');
    const [view] = await views(tx, [row]);
    if (!view) throw new DomainError('not_found');
    return view;
  }

  async function assertAgents(tx: Tx, field: string, links: { user_uuid: string }[] | undefined) {
    if (!links?.length) return;
    const agents = await repo.agentIdsAmong(
      tx,
      links.map((link) => link.user_uuid),
    );
    links.forEach((link, index) => {
      if (!agents.has(link.user_uuid)) throw fieldError(`profile.${field}.${index}.user_uuid`, 'validation.not_agent');
    });
  }

  /** Writes fees, agent links and trader settings that the input carries; absent parts stay as they are. */
  async function applyProfile(tx: Tx, userId: string, profile: Profile | undefined) {
    if (!profile) return;
    await assertAgents(tx, 'referrals', profile.referrals);
    await assertAgents(tx, 'teamleads', profile.teamleads);
    if (profile.fees) {
      await repo.replaceFees(
        tx,
        userId,
        profile.fees.map((fee) => ({
          id: newId(),
          direction: fee.direction,
          minAmountMinor: usdtMinor(fee.min_amount),
          maxAmountMinor: fee.max_amount === null ? null : usdtMinor(fee.max_amount),
          percentageHundredths: hundredths(fee.percentage),
        })),
      );
    }
    const links:
      | { user_uuid: string; pay_in_percentage: string; pay_out_percentage: string; is_main?: boolean }[]
      | undefined = profile.teamleads ?? profile.referrals;
    if (links) {
      await repo.replaceAgentLinks(
        tx,
        userId,
        links.map((link) => ({
          agentId: link.user_uuid,
          payInHundredths: hundredths(link.pay_in_percentage),
          payOutHundredths: hundredths(link.pay_out_percentage),
          isMain: link.is_main ?? false,
        })),
      );
    }
    await repo.updateTraderProfile(tx, userId, {
      ...(profile.withdraw_open === undefined ? {} : { withdrawOpen: profile.withdraw_open }),
      ...(profile.deposit_open === undefined ? {} : { depositOpen: profile.deposit_open }),
      ...(profile.insurance_payment_amount === undefined
        ? {}
        : { insuranceAmountMinor: usdtMinor(profile.insurance_payment_amount) }),
    });
    if (profile.insurance_payment_amount !== undefined) await settleInsurance(tx, userId);
  }

  /**
   * A trader whose insurance deposit already covers a lowered requirement (or a requirement of zero) is paid at
   * once; a raised requirement does not lock out a trader who has paid (DESIGN §4 fills insurance from deposits).
   */
  async function settleInsurance(tx: Tx, userId: string) {
    const profile = await repo.lockTraderProfile(tx, userId);
    if (!profile || profile.insurancePaid) return;
    if ((await insuranceDueMinor(tx, profile)) === 0n)
      await repo.updateTraderProfile(tx, userId, { insurancePaid: true });
  }

  async function audit(
    tx: Tx,
    actorId: string,
    action: string,
    targetUserId: string,
    before: User | null,
    after: User,
  ) {
    const changes = before
      ? diff(auditSnapshot(before), auditSnapshot(after))
      : { before: null, after: auditSnapshot(after) };
    // An edit that changed nothing leaves no trace; a password change shows no fields but is still recorded.
    if (action === 'user.updated' && changes.after && Object.keys(changes.after).length === 0) return;
    await repo.insertAuditEvent(tx, { id: newId(), actorId, action, targetUserId, ...changes });
  }

  async function withUniqueUsername<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('username', 'validation.username_taken');
      throw error;
    }
  }

  return {
    async list(query: UserListQuery): Promise<ListData<User>> {
      const { rows, count } = await repo.listUsers(
        db,
        {
          type: query['filter[type]'],
          uuid: query['filter[uuid]'],
          username: query['filter[username]'],
          isActive: query['filter[is_active]'],
          isBlocked: query['filter[is_blocked]'],
        },
        pageOf(query),
      );
      return {
        items: await views(db, rows),
        context: {
          available_filters: userListFilters(),
          pagination: paginate(count.total, query, count.estimated),
        },
      };
    },

    get: (id: string) => viewOf(db, id),

    async create(actorId: string, input: CreateUser): Promise<User> {
      assertAdminFields(input.type, input);
      assertProfileFits(input.type, input.profile);
      const invite = input.create_invite_link === true;
      // With an invite link the password is never set by the admin (SPEC §5).
      const passwordHash = !invite && input.password ? await hashPassword(input.password) : null;
      return withUniqueUsername(() =>
        db.transaction(async (tx) => {
          if (await repo.findUserByUsername(tx, input.username))
            throw fieldError('username', 'validation.username_taken');
          const user = await repo.insertUser(
            tx,
            {
              id: newId(),
              username: input.username,
              email: input.email ?? null,
              type: input.type,
              roles: input.roles ?? [],
              permissions: input.permissions ?? [],
              passwordHash,
              comment: input.comment ?? null,
              isActive: input.is_active ?? true,
              manualWithdrawal: input.manual_withdrawal ?? false,
              inviteCode: invite ? randomToken(18) : null,
              inviteExpiresAt: invite ? new Date(Date.now() + inviteLifetimeMs) : null,
              createdBy: actorId,
            },
            input.type === 'trader' ? {} : undefined,
          );
          await applyProfile(tx, user.id, input.profile);
          // A trader asked for no insurance (the default) can work at once.
          if (input.type === 'trader') await settleInsurance(tx, user.id);
          const view = await viewOf(tx, user.id);
          await audit(tx, actorId, invite ? 'user.created_with_invite' : 'user.created', user.id, null, view);
          return view;
        }),
      );
    },

    async update(actorId: string, id: string, input: UpdateUser): Promise<User> {
      return withUniqueUsername(() =>
        db.transaction(async (tx) => {
          const current = await repo.findUserById(tx, id, true);
          if (!current) throw new DomainError('not_found');
          assertAdminFields(current.type, input);
          assertProfileFits(current.type, input.profile);
          const before = await viewOf(tx, id);
          if (input.username !== undefined && input.username.toLowerCase() !== current.username.toLowerCase()) {
            if (await repo.findUserByUsername(tx, input.username))
              throw fieldError('username', 'validation.username_taken');
          }
          const changes: Partial<repo.NewUser> = {
            ...(input.username === undefined ? {} : { username: input.username }),
            ...(input.email === undefined ? {} : { email: input.email }),
            ...(input.comment === undefined ? {} : { comment: input.comment }),
            ...(input.roles === undefined ? {} : { roles: input.roles }),
            ...(input.permissions === undefined ? {} : { permissions: input.permissions }),
            ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
            ...(input.manual_withdrawal === undefined ? {} : { manualWithdrawal: input.manual_withdrawal }),
          };
          // An empty password is never applied; a new one ends every session of the user.
          if (input.password) {
            changes.passwordHash = await hashPassword(input.password);
            await deleteOtherSessions(tx, id, null);
          }
          await repo.updateUser(tx, id, changes);
          await applyProfile(tx, id, input.profile);
          const after = await viewOf(tx, id);
          const action = input.password ? 'user.updated_with_password' : 'user.updated';
          await audit(tx, actorId, action, id, before, after);
          return after;
        }),
      );
    },

    async setBlocked(actorId: string, id: string, blocked: boolean, comment: string | null): Promise<User> {
      if (blocked && id === actorId) throw fieldError('uuid', 'validation.self_block');
      return db.transaction(async (tx) => {
        const current = await repo.findUserById(tx, id, true);
        if (!current) throw new DomainError('not_found');
        if (current.isBlocked === blocked) throw new DomainError('conflict');
        const before = await viewOf(tx, id);
        await repo.updateUser(tx, id, { isBlocked: blocked, blockComment: blocked ? comment : null });
        // A blocked user is signed out everywhere at once.
        if (blocked) await deleteOtherSessions(tx, id, null);
        const after = await viewOf(tx, id);
        await audit(tx, actorId, blocked ? 'user.blocked' : 'user.unblocked', id, before, after);
        return after;
      });
    },

    async auditTrail(id: string, query: { page: number; count: number }) {
      if (!(await repo.findUserById(db, id))) throw new DomainError('not_found');
      const { rows, total } = await repo.auditEventsOf(db, id, pageOf(query));
      return {
        items: rows.map(({ event, actorUsername }) => ({
          id: event.id,
          action: event.action,
          actor: event.actorId && actorUsername ? { uuid: event.actorId, username: actorUsername } : null,
          created_at: event.createdAt.toISOString(),
          before: event.before ?? null,
          after: event.after ?? null,
        })),
        context: { available_filters: [], pagination: paginate(total, query) },
      };
    },

    async agentTraders(agentId: string, query: { page: number; count: number }) {
      const { rows, total } = await repo.tradersOfAgent(db, agentId, pageOf(query));
      return {
        items: rows.map(({ user, link }) => ({
          uuid: user.id,
          username: user.username,
          pay_in_percentage: percentText(link.payInHundredths),
          pay_out_percentage: percentText(link.payOutHundredths),
        })),
        context: { available_filters: [], pagination: paginate(total, query) },
      };
    },

    /** Sets the password of an invited user; the code works once and only before it expires. */
    async acceptInvite(code: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await repo.findUserByInviteCode(tx, code);
        const valid = user?.inviteExpiresAt && user.inviteExpiresAt > new Date() && !user.isBlocked;
        if (!user || !valid) throw new DomainError('invite_invalid');
        const before = await viewOf(tx, user.id);
        await repo.updateUser(tx, user.id, { passwordHash, inviteCode: null, inviteExpiresAt: null });
        await deleteOtherSessions(tx, user.id, null);
        await audit(tx, user.id, 'user.invite_accepted', user.id, before, await viewOf(tx, user.id));
      });
    },

    roles: () => [{ id: 'support', name: 'support', canExpandPermissions: false }],
    permissions: () => permissions.map((id) => ({ id, name: id })),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
