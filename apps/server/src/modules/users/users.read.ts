import {
  type Language,
  type ListData,
  paginate,
  permissions,
  USDT,
  type User,
  type UserListQuery,
} from '@paydesk/contract';
import { type Executor, readAll } from '../../db/client';
import { keysetChunks } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { DomainError } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import * as ledger from '../ledger/ledger.module';
import { auditTrail } from './users.audit';
import { userListFilters } from './users.filters';
import * as repo from './users.repository';
import { feesView, percentText, toUser, userCsvColumns } from './users.view';

type Row = { user: repo.UserRow; profile: repo.TraderProfileRow | null };

/** The managed-user entities of many users: fees, agent links and balances in one query each, never per user. */
export async function loadUsers(db: Executor, rows: Row[]): Promise<User[]> {
  const ids = rows.map((row) => row.user.id);
  const [fees, links, balances] = await readAll(db, [
    () => repo.feesOf(db, ids),
    () => repo.agentLinksOf(db, ids),
    () => ledger.balancesOf(db, ids, USDT.code),
  ]);
  return rows.map(({ user, profile }) =>
    toUser(
      user,
      profile,
      fees.filter((fee) => fee.userId === user.id),
      links.filter((link) => link.userId === user.id),
      balances.get(user.id) ?? ledger.zeroBalances(),
    ),
  );
}

export async function loadUser(db: Executor, id: string): Promise<User> {
  const row = await repo.findUserWithProfile(db, id);
  const [view] = row ? await loadUsers(db, [row]) : [];
  if (!view) throw new DomainError('not_found');
  return view;
}

/**
 * A user by id, to check what a request names (a flow's merchant, an executor, a requisite's owner, a withdrawal's
 * trader and merchant) or what the signed-in user's own account says; undefined when there is none.
 */
export const userById = (db: Executor, id: string) => repo.findUserById(db, id);

/** Whether any user exists: a first admin and the demo's seed are made only on an empty platform. */
export const platformHasUsers = (db: Executor) => repo.anyUserExists(db);

/** GET /user/fees: a user's own fee tiers, as its screen shows them (SPEC §2.11). */
export async function ownFeeTiers(db: Executor, userId: string) {
  return feesView(await repo.feesOf(db, [userId]));
}

type UserFilterQuery = Omit<UserListQuery, 'page' | 'count'>;

const filterOf = (query: UserFilterQuery): repo.UserListFilter => ({
  type: query['filter[type]'],
  uuid: query['filter[uuid]'],
  username: query['filter[username]'],
  isActive: query['filter[is_active]'],
  isBlocked: query['filter[is_blocked]'],
});

/** GET /user: SPEC §2.8's lists, filtered and paged in SQL. */
export async function listUsers(db: Executor, query: UserListQuery): Promise<ListData<User>> {
  const { rows, count } = await repo.listUsers(db, filterOf(query), pageOf(query));
  return {
    items: await loadUsers(db, rows),
    context: { available_filters: userListFilters(), pagination: paginate(count.total, query, count.estimated) },
  };
}

/** GET /user/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
export function exportUsers(db: Executor, query: UserFilterQuery, language: Language) {
  const filter = filterOf(query);
  async function* chunks() {
    for await (const rows of keysetChunks((after, size) => repo.userChunk(db, filter, after, size))) {
      yield await loadUsers(db, rows);
    }
  }
  return csvStream(userCsvColumns, language, chunks());
}

/** GET /agent/trader/: the agent's own traders with the agent's percentages (SPEC §2.7). */
export async function agentTraders(db: Executor, agentId: string, query: { page: number; count: number }) {
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
}

export const adminRoleList = () => [{ id: 'support', name: 'support', canExpandPermissions: false }];
export const permissionList = () => permissions.map((id) => ({ id, name: id }));

/** GET /user/{uuid}/audit: the trail of a user that exists. */
export async function userAuditTrail(db: Executor, id: string, query: { page: number; count: number }) {
  if (!(await userById(db, id))) throw new DomainError('not_found');
  return auditTrail(db, id, query);
}
