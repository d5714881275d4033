import { type CurrentUser, currentUserSchema, formatMoney, USDT, type UserType, type Wallet } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { isOnline } from '../users/users.module';
import type { WalletsService } from '../wallets/wallets.service';

/** The current user without its session's socket token: the same for every session of the user. */
export type CurrentUserView = Omit<CurrentUser, 'ws_token'>;

const currentUserViewSchema = currentUserSchema.omit({ ws_token: true });

interface CurrentUserRow {
  id: string;
  username: string;
  email: string | null;
  type: string;
  roles: string[];
  is_root: boolean;
  is_active: boolean;
  manual_withdrawal: boolean;
  invite_code_hint: string | null;
  comment: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_seen_at: Date | string | null;
  api_key: string | null;
  notification_key: string | null;
  created_by: string | null;
  two_factor_enabled: boolean;
  notification_url: string | null;
  insurance_paid: boolean | null;
  insurance_amount_minor: string | null;
  available_id: string | null;
  available_minor: string | null;
  addresses: string | { address: string; fingerprint: string; received: string }[];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Everything the current user shows, in one round trip: the user, a trader's insurance, the available balance (the
 * virtual wallet) and the deposit addresses with what each received. The signed-in path is the busiest of all, and on
 * the embedded database every query holds the event loop.
 */
async function readRow(db: Executor, userId: string, currency: string) {
  const [row] = await selectRows<CurrentUserRow>(
    db,
    sql`select u.id, u.username, u.email, u.type, u.roles, u.is_root, u.is_active, u.manual_withdrawal, u.invite_code_hint,
               u.comment, u.created_at, u.updated_at, u.last_seen_at, u.api_key, u.notification_key, u.created_by,
               u.two_factor_enabled, u.notification_url,
               tp.insurance_paid, tp.insurance_amount_minor::text as insurance_amount_minor,
               a.id as available_id, a.balance_minor::text as available_minor,
               coalesce((
                 select json_agg(json_build_object(
                          'address', d.address,
                          'fingerprint', d.key_fingerprint,
                          'received', coalesce((
                            select sum(t.amount_minor) from payments p
                            join ledger_transfers t on t.reference_id = p.id
                            where p.type = 'deposit' and p.address = d.address), 0)::text)
                        order by d.created_at, d.address)
                 from deposit_addresses d where d.user_id = u.id), '[]'::json) as addresses
        from users u
        left join trader_profiles tp on tp.user_id = u.id
        left join ledger_accounts a on a.owner_id = u.id and a.kind = 'available' and a.currency = ${currency}
        where u.id = ${userId}`,
  );
  if (!row) return undefined;
  const addresses = typeof row.addresses === 'string' ? JSON.parse(row.addresses) : row.addresses;
  return { ...row, addresses: addresses as { address: string; fingerprint: string; received: string }[] };
}

function viewOf(deps: Deps, row: NonNullable<Awaited<ReturnType<typeof readRow>>>): CurrentUserView {
  const holder = { username: row.username, uuid: row.id, is_root: row.is_root };
  const trader = row.type === 'trader';
  const wallets: Wallet[] = [
    // The virtual wallet is the available account: its id is the wallet's name, its balance the amount.
    {
      name: row.available_id ?? row.id,
      type: { slug: 'virtual' },
      amount: { amount: formatMoney(BigInt(row.available_minor ?? '0'), USDT), currency: USDT },
      holder,
    },
    ...row.addresses.map((address) => ({
      name: address.address,
      type: { slug: 'real' as const },
      amount: { amount: formatMoney(BigInt(address.received), USDT), currency: USDT },
      holder,
    })),
  ];
  return {
    role: row.type as UserType,
    roles: row.roles.filter((role): role is 'support' => role === 'support'),
    isRoot: row.is_root,
    userId: row.id,
    username: row.username,
    email: row.email,
    isActive: row.is_active,
    manualWithdrawal: row.manual_withdrawal,
    // The code itself is shown once, to the admin who made it; the user sees which link is pending.
    inviteCode: row.invite_code_hint === null ? null : `${row.invite_code_hint}…`,
    comment: row.comment,
    createdAt: asDate(row.created_at).toISOString(),
    updatedAt: asDate(row.updated_at).toISOString(),
    isOnline: isOnline({ lastSeenAt: row.last_seen_at === null ? null : asDate(row.last_seen_at) }),
    // The secret is shown once when issued (POST /user/secret_key), never again.
    apiKeys: {
      key: row.api_key,
      secret: null,
      notification: row.notification_key === null ? null : deps.secrets.open(row.notification_key),
    },
    createdBy: row.created_by,
    is2FAEnabled: row.two_factor_enabled,
    wallets,
    notificationURL: row.notification_url,
    profile: {
      insurance_paid: trader ? (row.insurance_paid ?? false) : true,
      insurance_payment_amount:
        trader && row.insurance_amount_minor !== null
          ? { amount: formatMoney(BigInt(row.insurance_amount_minor), USDT), currency: USDT }
          : null,
    },
  };
}

/** Reads the current user from the database, issuing its deposit address of the current key on first need. */
export async function readCurrentUser(deps: Deps, wallets: WalletsService, userId: string): Promise<CurrentUserView> {
  let row = await readRow(deps.db, userId, USDT.code);
  if (!row) throw new DomainError('unauthenticated');
  if (wallets.needsAddress(row.addresses.map((address) => address.fingerprint))) {
    await wallets.addressesFor(deps.db, userId);
    row = (await readRow(deps.db, userId, USDT.code)) ?? row;
  }
  return viewOf(deps, row);
}

/**
 * How long a process serves the current user it read. Within it, every call of the screens (the shell asks for the
 * current user on every page) costs no query; any event of the user (a deposit, a balance change) and any change to
 * the user or its sessions, announced through the database to every process, drops it at once. Should an
 * announcement be lost, what is shown is at most this old.
 */
export const currentUserCacheMs = 1_000;
const currentUserCacheMax = 10_000;

/** This process's short memory of current users (see {@link currentUserCacheMs}). */
interface Kept {
  view: CurrentUserView;
  /** The view checked against the contract and serialized once, when read: every answer until then reuses it. */
  json: string;
  readAtMs: number;
}

/** `GET /user/current`'s answer for one session: the envelope, and the same already serialized. */
export interface CurrentUserAnswer {
  body: { success: true; data: { data: CurrentUser } };
  json: string;
}

export function createCurrentUsers(deps: Deps, wallets: WalletsService) {
  const cache = new Map<string, Kept>();
  // How often each user was forgotten: a read that started before the user was forgotten must not put the old picture
  // back. Clearing the counts starts a new epoch, so a read that spans it is not kept either.
  const forgotten = new Map<string, number>();
  let epoch = 0;
  const stamp = (userId: string) => `${epoch}:${forgotten.get(userId) ?? 0}`;

  async function kept(userId: string): Promise<Kept> {
    const now = Date.now();
    const cached = cache.get(userId);
    if (cached && now - cached.readAtMs < currentUserCacheMs) return cached;
    const started = stamp(userId);
    const view = currentUserViewSchema.parse(await readCurrentUser(deps, wallets, userId)) as CurrentUserView;
    const fresh = { view, json: JSON.stringify(view), readAtMs: now };
    if (stamp(userId) === started) {
      if (cache.size >= currentUserCacheMax) cache.delete(cache.keys().next().value as string);
      cache.set(userId, fresh);
    }
    return fresh;
  }

  return {
    view: async (userId: string): Promise<CurrentUserView> => (await kept(userId)).view,
    /** The Current user entity of SPEC §3 for one session. */
    async forSession(userId: string, wsToken: string): Promise<CurrentUser> {
      return { ...(await kept(userId)).view, ws_token: wsToken };
    },
    /**
     * The whole answer for one session, serialized: the kept view's JSON with the session's socket token added, so the
     * busiest call of all is neither checked nor serialized again on every request.
     */
    async answerFor(userId: string, wsToken: string): Promise<CurrentUserAnswer> {
      const { view, json } = await kept(userId);
      return {
        body: { success: true, data: { data: { ...view, ws_token: wsToken } } },
        json: `{"success":true,"data":{"data":${json.slice(0, -1)},"ws_token":${JSON.stringify(wsToken)}}}}`,
      };
    },
    forget(userId: string) {
      cache.delete(userId);
      if (forgotten.size >= currentUserCacheMax) {
        forgotten.clear();
        epoch += 1;
      }
      forgotten.set(userId, (forgotten.get(userId) ?? 0) + 1);
    },
  };
}

export type CurrentUsers = ReturnType<typeof createCurrentUsers>;
