import {
  type apiOrderCreateSchema,
  type Currency,
  checkRules,
  cryptoCurrency,
  type Language,
  type OrderStatus,
  type OrderType,
  parseMoney,
  ratioOfDecimal,
  ruleMessage,
} from '@paydesk/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Db, selectRows, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, localizedValidationFailed } from '../../lib/errors';
import { derivedId, newId } from '../../lib/ids';
import { antiFraudCheck } from '../anti-fraud/anti-fraud.jobs';
import { adminsAudience, balanceChangedType, type EventForMany, publishEvents } from '../events/events.bus';
import { flowExecutors, flows } from '../flows/flows.table';
import { currentRate, quoteOf } from '../flows/rates';
import { enqueueJobs, type NewJob } from '../jobs/jobs.repository';
import { platformAccount, postTransfers, type TransferSpec, userAccount } from '../ledger/ledger.service';
import type { ReferenceData } from '../reference/reference.read';
import { enqueueWebhooks, type WebhookType } from '../webhooks/outbox';
import { type Candidate, candidatePage, type MatchRequest, ruledOut, usageOf } from './matching';
import * as repo from './orders.repository';
import type { AgentShare } from './orders.table';
import { ceilOf, cryptoOf, type Exact, payInHold, payOutHold, settlePayIn, settlePayOut, sharesFit } from './pricing';
import { partyShares, sharesOf } from './shares';
import { canMove, isOpen } from './transitions';

export interface OrderDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
  /**
   * The engine's clock: every time it writes (the order's times, its timeline, its ledger transfers) and every "now" it
   * decides by. Unset is the wall clock; demo mode sets it to make its month of history through the engine.
   */
  now?: () => Date;
}

/** The time by the engine's clock (`OrderDeps.now`). */
export const engineTime = (deps: Pick<OrderDeps, 'now'>): Date => deps.now?.() ?? new Date();

type CreateOrder = z.output<typeof apiOrderCreateSchema>;

/** Who moved an order: the timeline names them. */
export interface OrderActor {
  kind: 'merchant' | 'executor' | 'admin' | 'terminal' | 'system' | 'dispute';
  id: string | null;
}

export const expireJob = 'orders.expire';
/** The safety net of expiry: an order whose own expiry job died is still canceled, within a minute. */
export const expirySweepJob = 'orders.expire-sweep';
export const expirySweepSeconds = 60;

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

function fiatOf(reference: ReferenceData, code: string): Currency {
  const row = reference.currencies.get(code);
  if (row?.kind !== 'fiat' || !row.isActive) throw fieldError('currency', 'orders.errors.currency');
  return { code: row.code, name: row.nameEn, ratio_fraction: row.ratioFraction };
}

/** The order's exact crypto amount C = F / R, from what the order keeps. */
export function exactCrypto(order: repo.OrderRow, reference: ReferenceData): Exact {
  const fiat = fiatOf(reference, order.fiat);
  return cryptoOf(order.fiatAmountMinor, fiat, ratioOfDecimal(order.rate), cryptoCurrency(order.crypto));
}

/**
 * Real-time notes for everyone who lists the order (SPEC §2.12): its merchant, its executor, the admins, and for a
 * pay-out still to take, every executor of its flow. With a finished order, whose balances moved, `balance.changed`.
 */
function announcements(
  order: repo.OrderRow,
  type: 'order.created' | 'order.updated',
  also: string[] = [],
): EventForMany[] {
  const message = JSON.stringify({ guid: order.id, type: order.type, status: order.status });
  const parties = [order.merchantId, ...(order.executorId ? [order.executorId] : [])];
  const events: EventForMany[] = [{ userIds: [...parties, adminsAudience, ...also], type, message }];
  if (order.status === 'paid' || order.status === 'canceled') {
    const paid = order.status === 'paid' ? order.agentShares.map((share) => share.userId) : [];
    events.push({ userIds: [...parties, ...paid], type: balanceChangedType, message: '' });
  }
  return events;
}

/** An order's moves, one line each of its timeline. */
const historyOf = (
  order: { id: string },
  from: string | null,
  to: string,
  actor: OrderActor,
  note?: string,
  createdAt?: Date,
) => ({
  id: newId(),
  ...(createdAt ? { createdAt } : {}),
  orderId: order.id,
  fromStatus: from,
  toStatus: to,
  actorKind: actor.kind,
  actorId: actor.id,
  note: note ?? null,
});

const expiryOf = (orderId: string, at: Date): NewJob => ({
  kind: expireJob,
  payload: { orderId },
  runAt: at,
  maxAttempts: 5,
});

/** The flow that routes a merchant's orders of a pair, if it takes orders, and the rate it prices at now. */
async function flowAndRate(deps: OrderDeps, tx: Tx, merchantId: string, fiat: string, crypto: string) {
  const [flow] = await tx
    .select()
    .from(flows)
    .where(
      and(eq(flows.merchantId, merchantId), eq(flows.fiat, fiat), eq(flows.crypto, crypto), isNull(flows.deletedAt)),
    )
    .limit(1);
  if (!flow?.isActive) throw new DomainError('flow_unavailable');
  const quote = flow.rateSource === 'feed' ? await quoteOf(tx, 'feed', fiat, crypto) : undefined;
  const rate = currentRate(flow, quote, deps.config.RATE_MAX_AGE_SECONDS);
  if (rate.value === null) throw new DomainError('rate_unavailable');
  return { flow, rate: rate.value };
}

function assertOptionAndType(reference: ReferenceData, fiat: string, option?: string, type?: string) {
  if (option !== undefined && !reference.paymentOptions.has(option)) {
    throw fieldError('payment_option', 'requisites.errors.payment_option');
  }
  if (type !== undefined) {
    const row = reference.paymentTypes.get(type);
    if (!row || row.currency !== fiat || (option !== undefined && !row.paymentOptions.includes(option))) {
      throw fieldError('payment_type', 'requisites.errors.payment_type');
    }
  }
}

/** Checks a pay-out's recipient against its payment option's attributes (the rule language of SPEC §5). */
function checkedRecipient(
  reference: ReferenceData,
  option: string,
  recipient: Record<string, string>,
  language: Language,
) {
  const definition = reference.paymentOptions.get(option);
  if (!definition) throw fieldError('payment_option', 'requisites.errors.payment_option');
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const attribute of definition.attributes) {
    const value = recipient[attribute.field]?.trim() ?? '';
    const issue = checkRules(value, { validation_rules: attribute.validation_rules, mask: attribute.mask?.[language] });
    if (issue) errors[`recipient.${attribute.field}`] = ruleMessage(language, issue, attribute.label[language]);
    else if (value) values[attribute.field] = value;
  }
  if (Object.keys(errors).length > 0) throw localizedValidationFailed(errors);
  return values;
}

export interface Priced {
  c: Exact;
  cMinor: bigint;
  fiatMinor: bigint;
  fiat: Currency;
  rate: string;
}

const candidatesPerPage = 25;

interface Match {
  candidate: Candidate;
  executorFee: number;
  teamleads: AgentShare[];
}

/**
 * Matches a pay-in (DESIGN §5): the first eligible (executor, requisite), re-checked under the requisite's lock, whose
 * shares fit the merchant's fee and whose available USDT covers the hold, which is taken in the same transaction.
 */
export async function matchPayIn(
  tx: Tx,
  request: MatchRequest,
  priced: Priced,
  merchant: { fee: number; referrals: AgentShare[] },
): Promise<Match | null> {
  let pricingRefused = false;
  /**
   * Locks the requisite (or finds it held by another creation, with `skip locked`) and checks it again: under its
   * lock, what other orders took meanwhile is visible. A requisite that no longer fits is let go at once (its lock
   * taken after a savepoint, rolled back to), so a creation never holds one while it waits for another: no deadlock.
   */
  const lockIfFree = async (candidate: Candidate, wait: boolean): Promise<'free' | 'taken' | 'busy'> => {
    await tx.execute(sql`savepoint match_candidate`);
    const locked = await selectRows<{ id: string }>(
      tx,
      wait
        ? sql`select id from requisites where id = ${candidate.requisiteId} for update`
        : sql`select id from requisites where id = ${candidate.requisiteId} for update skip locked`,
    );
    if (locked.length === 0) return 'busy';
    const fresh = (await usageOf(tx, request, [candidate])).get(candidate.requisiteId);
    if (fresh !== undefined && ruledOut(candidate, fresh, request) === null) return 'free';
    await tx.execute(sql`rollback to savepoint match_candidate`);
    return 'taken';
  };
  // A requisite another creation holds is passed over at first, so concurrent pay-ins spread over the candidates
  // instead of queuing for the first; when nobody else is left, those are waited for, in order.
  const busy: Match[] = [];
  for (let offset = 0; ; offset += candidatesPerPage) {
    const page = await candidatePage(tx, request, offset, candidatesPerPage);
    if (page.length === 0) break;
    // One after the other: a transaction is one connection, which runs one query at a time anyway.
    const usage = await usageOf(tx, request, page);
    const parties = await partyShares(
      tx,
      page.map((candidate) => candidate.userId),
      'pay_in',
    );
    for (const candidate of page) {
      const seen = usage.get(candidate.requisiteId);
      if (!seen || ruledOut(candidate, seen, request)) continue;
      const party = parties(candidate.userId, 'teamlead');
      // A partner earns by its own fee tiers as a trader does (without any: nothing); team leads are a trader's only.
      const executorFee = party.fee(priced.cMinor);
      const teamleads = candidate.executorType === 'trader' ? party.agents : [];
      if (!sharesFit(sharesOf(merchant.fee, executorFee, [...merchant.referrals, ...teamleads]))) {
        pricingRefused = true;
        continue;
      }
      const state = await lockIfFree(candidate, false);
      if (state === 'free') return { candidate, executorFee, teamleads };
      if (state === 'busy') busy.push({ candidate, executorFee, teamleads });
    }
    if (page.length < candidatesPerPage) break;
  }
  for (const match of busy) {
    if ((await lockIfFree(match.candidate, true)) === 'free') return match;
  }
  if (pricingRefused) throw new DomainError('pricing_invalid');
  return null;
}

/**
 * Creates an order for a merchant (the merchant API, DESIGN §9): priced at creation; a pay-in matched and its hold
 * taken from the executor, a pay-out's hold taken from the merchant; with its history, webhook, expiry job and
 * real-time notes, all in one transaction. Nothing is created when it cannot be served.
 */
export async function createOrder(
  deps: OrderDeps,
  merchantId: string,
  input: CreateOrder,
  language: Language,
): Promise<repo.OrderRow> {
  const { reference } = deps;
  const fiat = fiatOf(reference, input.currency);
  const crypto = reference.currencies.get(input.crypto_currency);
  if (crypto?.kind !== 'crypto') throw fieldError('crypto_currency', 'orders.errors.currency');
  assertOptionAndType(reference, fiat.code, input.payment_option, input.payment_type);
  const fiatMinor = parseMoney(input.amount, fiat);
  const recipient =
    input.type === 'pay_out'
      ? checkedRecipient(reference, input.payment_option ?? 'card', input.recipient ?? {}, language)
      : null;
  if (await repo.findByClientOrderId(deps.db, merchantId, input.client_order_id)) {
    throw new DomainError('client_order_id_taken');
  }
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      const { flow, rate } = await flowAndRate(deps, tx, merchantId, fiat.code, crypto.code);
      const c = cryptoOf(fiatMinor, fiat, ratioOfDecimal(rate), cryptoCurrency(crypto.code));
      const priced: Priced = { c, cMinor: payInHold(c), fiatMinor, fiat, rate };
      const direction = input.type;
      const merchantParty = (await partyShares(tx, [merchantId], direction))(merchantId, 'referral');
      const merchant = { fee: merchantParty.fee(priced.cMinor), referrals: merchantParty.agents };
      const now = engineTime(deps);
      if (input.type === 'pay_in') {
        await createPayIn(deps, tx, { id, flow, input, priced, merchant, now });
      } else {
        if (!sharesFit(sharesOf(merchant.fee, 0, merchant.referrals))) throw new DomainError('pricing_invalid');
        await createPayOut(deps, tx, { id, flow, input, priced, merchant, now, recipient: recipient ?? {} });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('client_order_id_taken');
    throw error;
  }
  const created = await repo.orderRow(deps.db, id);
  if (!created) throw new Error('the order just created is gone');
  return created;
}

interface Creation {
  id: string;
  flow: typeof flows.$inferSelect;
  input: CreateOrder;
  priced: Priced;
  merchant: { fee: number; referrals: AgentShare[] };
  now: Date;
}

/** What every new order holds, whatever its type: its pair, amounts and rate, the merchant's fee, its ids, its time. */
function newOrderRow(creation: Creation, expiresAt: Date) {
  const { id, flow, input, priced, merchant, now } = creation;
  return {
    id,
    status: 'new',
    merchantId: flow.merchantId,
    flowId: flow.id,
    fiat: flow.fiat,
    fiatAmountMinor: priced.fiatMinor,
    crypto: flow.crypto,
    cryptoAmountMinor: priced.cMinor,
    rate: priced.rate,
    merchantFeeHundredths: merchant.fee,
    clientOrderId: input.client_order_id,
    clientId: input.client_id ?? null,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  } satisfies Partial<repo.NewOrder>;
}

async function createPayIn(deps: OrderDeps, tx: Tx, creation: Creation) {
  const { id, flow, input, priced, merchant, now } = creation;
  const request: MatchRequest = {
    flowId: flow.id,
    fiat: flow.fiat,
    crypto: flow.crypto,
    fiatMinor: priced.fiatMinor,
    fiatFraction: priced.fiat.ratio_fraction,
    holdMinor: priced.cMinor,
    paymentOption: input.payment_option,
    paymentType: input.payment_type,
    now,
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const match = await matchPayIn(tx, request, priced, merchant);
    if (!match) throw new DomainError('no_executor_available');
    const { candidate } = match;
    const hold: TransferSpec = {
      id: derivedId(`order:${id}:hold`),
      code: 'order_hold',
      debit: userAccount(candidate.userId, 'available'),
      credit: userAccount(candidate.userId, 'hold'),
      amountMinor: priced.cMinor,
      referenceId: id,
    };
    try {
      await postTransfers(tx, [hold], flow.crypto, now);
    } catch (error) {
      // Its money went to another order meanwhile: the next candidate.
      if (error instanceof DomainError && error.code === 'insufficient_funds') continue;
      throw error;
    }
    const expiresAt = new Date(now.getTime() + deps.config.ORDER_PAY_IN_TTL_SECONDS * 1000);
    await repo.insertOrder(tx, {
      ...newOrderRow(creation, expiresAt),
      type: 'pay_in',
      executorId: candidate.userId,
      executorType: candidate.executorType,
      requisiteId: candidate.requisiteId,
      executorFeeHundredths: match.executorFee,
      agentShares: [...merchant.referrals, ...match.teamleads],
      holdMinor: priced.cMinor,
      paymentOption: candidate.paymentOption,
      paymentType: candidate.paymentType,
      details: candidate.attributes,
    });
    await tx.update(flowExecutors).set({ lastAssignedAt: now }).where(eq(flowExecutors.id, candidate.bindId));
    await afterCreate(deps, tx, id, expiresAt, now);
    return;
  }
  throw new DomainError('no_executor_available');
}

async function createPayOut(deps: OrderDeps, tx: Tx, creation: Creation & { recipient: Record<string, string> }) {
  const { id, flow, input, priced, merchant, now } = creation;
  const holdMinor = payOutHold(priced.c, merchant.fee);
  await postTransfers(
    tx,
    [
      {
        id: derivedId(`order:${id}:hold`),
        code: 'order_hold',
        debit: userAccount(flow.merchantId, 'available'),
        credit: userAccount(flow.merchantId, 'hold'),
        amountMinor: holdMinor,
        referenceId: id,
      },
    ],
    flow.crypto,
    now,
  ).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'insufficient_funds') {
      throw new DomainError('insufficient_funds', { amount: ['validation.merchant_insufficient_funds'] });
    }
    throw error;
  });
  const expiresAt = new Date(now.getTime() + deps.config.ORDER_PAY_OUT_TTL_SECONDS * 1000);
  await repo.insertOrder(tx, {
    ...newOrderRow(creation, expiresAt),
    type: 'pay_out',
    executorFeeHundredths: null,
    agentShares: merchant.referrals,
    holdMinor,
    paymentOption: input.payment_option ?? 'card',
    paymentType: input.payment_type ?? null,
    details: creation.recipient,
  });
  await afterCreate(deps, tx, id, expiresAt, now, await takersOf(tx, flow.id));
}

/** The executors who may take a flow's pay-outs, told when one appears and when it is taken or gone. */
async function takersOf(tx: Tx, flowId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: flowExecutors.userId })
    .from(flowExecutors)
    .where(eq(flowExecutors.flowId, flowId));
  return rows.map((row) => row.userId);
}

async function afterCreate(deps: OrderDeps, tx: Tx, id: string, expiresAt: Date, now: Date, also: string[] = []) {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw new Error('the order just inserted is gone');
  await repo.insertEvents(tx, [
    historyOf(order, null, 'new', { kind: 'merchant', id: order.merchantId }, undefined, now),
  ]);
  await enqueueWebhooks(tx, deps.reference, [order], 'order.created');
  await enqueueJobs(tx, [expiryOf(id, expiresAt), ...(order.clientId ? [antiFraudCheck([id], 'created')] : [])]);
  await publishEvents(tx, announcements(order, 'order.created', also));
}

/** The transfers that settle a paid order, from what its creation fixed (DESIGN §5). */
/** How an order's hold is paid out when it is paid (DESIGN §5): every party's share, the remainder to rounding. */
export function settlementTransfers(order: repo.OrderRow, reference: ReferenceData): TransferSpec[] {
  const c = exactCrypto(order, reference);
  const agents = order.agentShares;
  const shares = sharesOf(order.merchantFeeHundredths, order.executorFeeHundredths ?? 0, agents);
  const executor = order.executorId ?? '';
  const payIn = order.type === 'pay_in';
  const settled = payIn ? settlePayIn(c, shares) : settlePayOut(c, shares);
  const from = userAccount(payIn ? executor : order.merchantId, 'hold');
  const key = (part: string) => derivedId(`order:${order.id}:settle:${part}`);
  const transfers: TransferSpec[] = [];
  const add = (part: string, code: TransferSpec['code'], credit: TransferSpec['credit'], amountMinor: bigint) => {
    if (amountMinor > 0n)
      transfers.push({ id: key(part), code, debit: from, credit, amountMinor, referenceId: order.id });
  };
  if (payIn) {
    add('merchant', 'order_settle', userAccount(order.merchantId, 'available'), settled.merchant);
    add('reward', 'order_reward', userAccount(executor, 'available'), settled.executor);
  } else {
    const principal = c.numerator / c.denominator;
    add('executor', 'order_settle', userAccount(executor, 'available'), principal);
    add('reward', 'order_reward', userAccount(executor, 'available'), settled.executor - principal);
  }
  agents.forEach((share, index) => {
    add(`agent:${index}`, 'order_referral', userAccount(share.userId, 'available'), settled.agents[index] ?? 0n);
  });
  add('revenue', 'order_fee', platformAccount('revenue'), settled.revenue);
  add('rounding', 'order_rounding', platformAccount('rounding'), settled.rounding);
  return transfers;
}

function releaseTransfer(order: repo.OrderRow): TransferSpec {
  const owner = order.type === 'pay_in' ? (order.executorId ?? '') : order.merchantId;
  return {
    id: derivedId(`order:${order.id}:release`),
    code: 'order_release',
    debit: userAccount(owner, 'hold'),
    credit: userAccount(owner, 'available'),
    amountMinor: order.holdMinor,
    referenceId: order.id,
  };
}

/**
 * Moves an order to another status in one transaction: the row locked, the move checked against the lifecycle (an
 * illegal one is a 409), the history row, the webhook, the real-time notes and, last, the money (settlement or release).
 * Settling twice is impossible: the order is locked, and its transfers have ids derived from it.
 */
export function moveOrder(
  deps: OrderDeps,
  id: string,
  to: OrderStatus,
  actor: OrderActor,
  check: (order: repo.OrderRow) => void = () => undefined,
  changes: Partial<repo.NewOrder> = {},
  note?: string,
): Promise<repo.OrderRow> {
  return deps.db.transaction((tx) => moveOrderIn(deps, tx, id, to, actor, check, changes, note));
}

/** `moveOrder` inside the caller's transaction, for a move that is part of a larger change (a bank message's). */
export async function moveOrderIn(
  deps: OrderDeps,
  tx: Tx,
  id: string,
  to: OrderStatus,
  actor: OrderActor,
  check: (order: repo.OrderRow) => void = () => undefined,
  changes: Partial<repo.NewOrder> = {},
  note?: string,
): Promise<repo.OrderRow> {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw new DomainError('not_found');
  check(order);
  if (!canMove(order.type as OrderType, order.status as OrderStatus, to))
    throw new DomainError('order_status_conflict');
  const [moved] = await applyMoves(deps, tx, [order], to, actor, changes, note);
  if (!moved) throw new Error('the order moved is gone');
  return moved;
}

/**
 * Locks the orders (in id order) that are still open pay-ins of `executorId`, for a terminal's batch of bank messages
 * to pay with `payLockedPayIns`; one canceled by its merchant meanwhile, say, is left out and left as it is.
 */
export async function lockPayableOrders(tx: Tx, ids: string[], executorId: string): Promise<repo.OrderRow[]> {
  return (await repo.lockOrders(tx, ids)).filter(
    (order) =>
      order.type === 'pay_in' &&
      order.executorId === executorId &&
      canMove('pay_in', order.status as OrderStatus, 'paid'),
  );
}

/** Pays pay-ins `lockPayableOrders` locked, together, in the caller's transaction. Returns them paid. */
export function payLockedPayIns(
  deps: OrderDeps,
  tx: Tx,
  locked: repo.OrderRow[],
  actor: OrderActor,
): Promise<repo.OrderRow[]> {
  return applyMoves(deps, tx, locked, 'paid', actor);
}

/**
 * Moves locked orders, each already checked, to `to`: their rows, their timelines, their webhooks, their expiry jobs
 * and their events each in one statement for all of them, so a batch costs about what one order does. Every step
 * happens in the caller's transaction: all of it or nothing.
 */
async function applyMoves(
  deps: OrderDeps,
  tx: Tx,
  locked: repo.OrderRow[],
  to: OrderStatus,
  actor: OrderActor,
  changes: Partial<repo.NewOrder> = {},
  note?: string,
): Promise<repo.OrderRow[]> {
  if (locked.length === 0) return [];
  const now = engineTime(deps);
  const updated = await repo.updateOrders(
    tx,
    locked.map((order) => order.id),
    {
      ...changes,
      updatedAt: now,
      status: to,
      ...(to === 'paid' ? { paidAt: now, paidBy: actor.kind } : {}),
      ...(to === 'canceled' ? { canceledAt: now } : {}),
    },
  );
  const byId = new Map(updated.map((row) => [row.id, row]));
  const moves = locked.map((before) => {
    const after = byId.get(before.id);
    if (!after) throw new Error('an order moved is gone');
    return { before, after };
  });
  await repo.insertEvents(
    tx,
    moves.map(({ before }) => historyOf(before, before.status, to, actor, note, now)),
  );
  const webhook: WebhookType | null = to === 'paid' ? 'order.paid' : to === 'canceled' ? 'order.canceled' : null;
  if (webhook) await enqueueWebhooks(tx, deps.reference, updated, webhook);
  // Expiry for orders whose time to pay counts again; the anti-fraud rules for canceled ones (DESIGN §13).
  const canceledByExecutor = to === 'canceled' ? updated.filter((row) => row.executorId !== null) : [];
  await enqueueJobs(tx, [
    ...moves.flatMap(({ before, after }) =>
      after.expiresAt && after.expiresAt.getTime() !== before.expiresAt?.getTime() && isOpen(to)
        ? [expiryOf(after.id, after.expiresAt)]
        : [],
    ),
    ...(canceledByExecutor.length > 0
      ? [
          antiFraudCheck(
            canceledByExecutor.map((row) => row.id),
            'canceled',
          ),
        ]
      : []),
  ]);
  // A pay-out taken or gone is news to every executor who could have taken it.
  const takers = new Map<string, string[]>();
  for (const { before } of moves) {
    if (before.type === 'pay_out' && before.status === 'new' && !takers.has(before.flowId)) {
      takers.set(before.flowId, await takersOf(tx, before.flowId));
    }
  }
  await publishEvents(
    tx,
    moves.flatMap(({ before, after }) =>
      announcements(
        after,
        'order.updated',
        before.type === 'pay_out' && before.status === 'new' ? takers.get(before.flowId) : [],
      ),
    ),
  );
  // The money last: posting locks the accounts, and the merchant's and the platform's are shared by every order,
  // so they are held from here to the commit only. The transaction still does all of it or nothing.
  const transfers = new Map<string, TransferSpec[]>();
  for (const { before, after } of moves) {
    const moving =
      to === 'paid' ? settlementTransfers(after, deps.reference) : to === 'canceled' ? [releaseTransfer(before)] : [];
    transfers.set(before.crypto, [...(transfers.get(before.crypto) ?? []), ...moving]);
  }
  for (const [crypto, list] of transfers) await postTransfers(tx, list, crypto, now);
  return moves.map(({ after }) => after);
}

/** Who pays an order's settlement out of its hold: the executor of a pay-in, the merchant of a pay-out. */
export const payerOf = (order: repo.OrderRow): string =>
  order.type === 'pay_in' ? (order.executorId ?? '') : order.merchantId;

/**
 * The order as it would have been priced for another fiat amount (a dispute's correction, DESIGN §12): the same rate,
 * fees and shares, the crypto amount and the hold of the new amount.
 */
export function withFiatAmount(order: repo.OrderRow, fiatAmountMinor: bigint, reference: ReferenceData): repo.OrderRow {
  const c = exactCrypto({ ...order, fiatAmountMinor }, reference);
  return {
    ...order,
    fiatAmountMinor,
    cryptoAmountMinor: ceilOf(c),
    holdMinor: order.type === 'pay_in' ? payInHold(c) : payOutHold(c, order.merchantFeeHundredths),
  };
}

/**
 * A dispute moves a locked order (DESIGN §12): paid or canceled to `dispute` when one opens; back, or to paid, when it
 * closes, with the transfers its resolution makes. Its timeline, its events and the money in the caller's transaction.
 * The dispute's webhooks are the dispute's own.
 */
export async function moveByDispute(
  tx: Tx,
  order: repo.OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  changes: Partial<repo.NewOrder>,
  transfers: TransferSpec[],
  note: string,
): Promise<repo.OrderRow> {
  const [after] = await repo.updateOrders(tx, [order.id], { ...changes, status: to });
  if (!after) throw new Error('the order of the dispute is gone');
  await repo.insertEvents(tx, [historyOf(order, order.status, to, actor, note)]);
  await publishEvents(tx, announcements(after, 'order.updated'));
  await postTransfers(tx, transfers, order.crypto);
  return after;
}

/** The payer reported paying (merchant API): in progress, and the time to pay counts again from now. */
export function confirmPayIn(deps: OrderDeps, merchantId: string, id: string) {
  return moveOrder(
    deps,
    id,
    'in-progress',
    { kind: 'merchant', id: merchantId },
    (order) => {
      if (order.merchantId !== merchantId) throw new DomainError('not_found');
      if (order.type !== 'pay_in') throw new DomainError('order_status_conflict');
    },
    { expiresAt: new Date(engineTime(deps).getTime() + deps.config.ORDER_PAY_IN_TTL_SECONDS * 1000) },
  );
}

/** The merchant cancels its own order (a pay-in not paid, a pay-out not taken). */
export function cancelByMerchant(deps: OrderDeps, merchantId: string, id: string) {
  return moveOrder(deps, id, 'canceled', { kind: 'merchant', id: merchantId }, (order) => {
    if (order.merchantId !== merchantId) throw new DomainError('not_found');
  });
}

export function cancelByAdmin(deps: OrderDeps, adminId: string, id: string) {
  return moveOrder(deps, id, 'canceled', { kind: 'admin', id: adminId });
}

/**
 * The executor's "paid": a pay-in's payer paid it (SPEC §2.12 send paid), or a pay-out's transfer was made. Only the
 * order's own executor may say so; anyone else does not find it.
 */
export function markPaidByExecutor(
  deps: OrderDeps,
  executorId: string,
  id: string,
  kind: 'executor' | 'terminal' = 'executor',
) {
  return moveOrder(deps, id, 'paid', { kind, id: executorId }, (order) => {
    if (order.executorId !== executorId) throw new DomainError('not_found');
    if (order.type === 'pay_out' && order.status !== 'in-progress') throw new DomainError('order_status_conflict');
  });
}

/**
 * An executor takes a pay-out (DESIGN §5): the first to take it gets it, atomically. It must execute the flow, be of
 * good standing with withdrawals open (a trader), its restrictions in the flow must allow the order, and the shares
 * (its reward, its team leads) must fit the merchant's fee, fixed now.
 */
export async function takePayOut(deps: OrderDeps, executorId: string, id: string) {
  return moveOrder(
    deps,
    id,
    'in-progress',
    { kind: 'executor', id: executorId },
    (order) => {
      if (order.type !== 'pay_out') throw new DomainError('not_found');
      if (order.executorId !== null) throw new DomainError('order_status_conflict');
    },
    await takeChanges(deps, executorId, id),
  );
}

async function takeChanges(deps: OrderDeps, executorId: string, id: string): Promise<Partial<repo.NewOrder>> {
  const order = await repo.orderRow(deps.db, id);
  if (order?.type !== 'pay_out') throw new DomainError('not_found');
  const [bind] = await deps.db
    .select()
    .from(flowExecutors)
    .where(and(eq(flowExecutors.flowId, order.flowId), eq(flowExecutors.userId, executorId)))
    .limit(1);
  if (!bind) throw new DomainError('not_found');
  const eligible = await payOutEligible(deps, order, executorId, bind.executorType);
  if (!eligible) throw new DomainError('no_executor_available');
  const party = (await partyShares(deps.db, [executorId], 'pay_out'))(executorId, 'teamlead');
  const executorFee = party.fee(order.cryptoAmountMinor);
  const teamleads = bind.executorType === 'trader' ? party.agents : [];
  const agents = [...order.agentShares, ...teamleads];
  if (!sharesFit(sharesOf(order.merchantFeeHundredths, executorFee, agents))) throw new DomainError('pricing_invalid');
  return {
    executorId,
    executorType: bind.executorType,
    executorFeeHundredths: executorFee,
    agentShares: agents,
    takenAt: engineTime(deps),
  };
}

/** Whether an executor may take a pay-out: standing, withdrawals open, and its restrictions in the flow. */
async function payOutEligible(deps: OrderDeps, order: repo.OrderRow, executorId: string, type: string) {
  const now = engineTime(deps);
  const [row] = await selectRows<{ ok: boolean | null; restrictions: unknown; day_volume: string }>(
    deps.db,
    sql`
    select u.is_active and not u.is_blocked and (${type} = 'partner' or (tp.insurance_paid and tp.withdraw_open))
           and not exists (select 1 from anti_fraud_cases c where c.target_user_id = u.id and c.approved_at is null)
           as ok,
           coalesce((select jsonb_object_agg(tr.type, tr.values) from trader_restrictions tr
                     where tr.flow_id = ${order.flowId} and tr.trader_id = u.id), '{}'::jsonb) as restrictions,
           (select coalesce(sum(o.fiat_amount_minor), 0) from orders o
             where o.flow_id = ${order.flowId} and o.executor_id = u.id and o.status <> 'canceled'
               and o.created_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'utc') at time zone 'utc')::text
             as day_volume
    from users u left join trader_profiles tp on tp.user_id = u.id
    where u.id = ${executorId}`,
  );
  if (!row?.ok) return false;
  const restrictions = (
    typeof row.restrictions === 'string' ? JSON.parse(row.restrictions) : row.restrictions
  ) as Record<string, Record<string, string | null>>;
  const fraction = deps.reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
  const candidate: Candidate = {
    bindId: '',
    userId: executorId,
    executorType: type as 'trader' | 'partner',
    requisiteId: '',
    paymentOption: order.paymentOption ?? 'card',
    paymentType: order.paymentType ?? '',
    attributes: {},
    requisiteRestrictions: {},
    executorRestrictions: restrictions,
  };
  const usage = {
    open: 0,
    sameAmountOpen: false,
    dayCount: 0,
    dayVolume: 0n,
    monthCount: 0,
    monthVolume: 0n,
    flowDayVolume: BigInt(row.day_volume),
  };
  return (
    ruledOut(candidate, usage, {
      flowId: order.flowId,
      fiat: order.fiat,
      crypto: order.crypto,
      fiatMinor: order.fiatAmountMinor,
      fiatFraction: fraction,
      holdMinor: order.holdMinor,
      now,
    }) === null
  );
}

/** The expiry job: an open pay-in past its time, or a pay-out nobody took, is canceled; anything else stays. */
export async function expireOrder(deps: OrderDeps, id: string) {
  const order = await repo.orderRow(deps.db, id);
  if (!order?.expiresAt || order.expiresAt.getTime() > engineTime(deps).getTime()) return;
  const expired = order.type === 'pay_in' ? isOpen(order.status) : order.status === 'new';
  if (!expired) return;
  await moveOrder(
    deps,
    id,
    'canceled',
    { kind: 'system', id: null },
    (locked) => {
      if (!locked.expiresAt || locked.expiresAt.getTime() > engineTime(deps).getTime()) {
        throw new DomainError('order_status_conflict');
      }
    },
    {},
    'expired',
  ).catch((error: unknown) => {
    // Paid or canceled meanwhile, or its time was extended: nothing to do.
    if (!(error instanceof DomainError)) throw error;
  });
}

/** The sweep: every open order past its time whose own job did not cancel it (it died, or was lost). */
export async function sweepExpiredOrders(deps: OrderDeps) {
  for (const { id } of await repo.expiredOpenOrders(deps.db, new Date(Date.now() - 60_000), 200)) {
    await expireOrder(deps, id);
  }
}
