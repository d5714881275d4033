import {
  type apiOrderCreateSchema,
  type Currency,
  checkRules,
  cryptoCurrency,
  type Language,
  parseMoney,
  ratioOfDecimal,
  ruleMessage,
} from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { selectPrepared, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, localizedValidationFailed } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { currentRate, type QuoteRow } from '../flows/flows.module';
import type { ReferenceData } from '../reference/reference.read';
import { takersOf } from './announce';
import { type Match, MatchAgain, matchPayIn } from './match-pay-in';
import { type CreationMove, createLockedOrder, engineTime, type NewOrderRow, type OrderDeps } from './move';
import * as repo from './orders.repository';
import { cryptoOf, type Exact, isPriceable, payInHold, payOutHold, sharesFit } from './pricing';
import { fiatOf } from './settlement';
import { type Party, partyColumns, partyOf, sharesOf } from './shares';

type CreateOrder = z.output<typeof apiOrderCreateSchema>;

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

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

/** The flow that routes a merchant's pair, the rate it prices at and the merchant's fee tiers and referrals. */
interface Context {
  flowId: string;
  merchantId: string;
  fiat: string;
  crypto: string;
  rate: string;
  party: { fees: unknown; agents: unknown };
  /** The merchant switched the `order.created` webhook off (SPEC §2.11). */
  createdWebhookOff: boolean;
}

/** The flow, its feed quote and the merchant's shares in one prepared statement; refused when it takes no orders. */
async function contextOf(
  deps: OrderDeps,
  tx: Tx,
  merchantId: string,
  input: { fiat: string; crypto: string; clientOrderId: string },
): Promise<Context> {
  const { fiat, crypto } = input;
  const [row] = await selectPrepared<{
    id: string;
    is_active: boolean;
    rate_source: string;
    manual_rate: string | null;
    updated_at: string | Date;
    quote_rate: string | null;
    quote_fetched_at: string | Date | null;
    fees: unknown;
    agents: unknown;
    taken: boolean;
    created_off: boolean;
  }>(
    tx,
    'orders_create_context',
    sql`select f.id, f.is_active, f.rate_source, f.manual_rate::text as manual_rate, f.updated_at,
               q.rate::text as quote_rate, q.fetched_at as quote_fetched_at, ${partyColumns(sql`f.merchant_id`)},
               exists(select 1 from orders o where o.merchant_id = f.merchant_id
                      and o.client_order_id = ${input.clientOrderId}::text) as taken,
               exists(select 1 from user_webhooks w where w.user_id = f.merchant_id and w.slug = 'order.created'
                      and w.is_disabled) as created_off
        from flows f
        left join rate_quotes q on f.rate_source = 'feed' and q.source = 'feed' and q.fiat = f.fiat and q.crypto = f.crypto
        where f.merchant_id = ${merchantId}::uuid and f.fiat = ${fiat}::text and f.crypto = ${crypto}::text
          and f.deleted_at is null
        limit 1`,
  );
  if (row?.taken) throw new DomainError('client_order_id_taken');
  if (!row?.is_active) throw new DomainError('flow_unavailable');
  const quote =
    row.quote_rate !== null && row.quote_fetched_at !== null
      ? ({ source: 'feed', fiat, crypto, rate: row.quote_rate, fetchedAt: new Date(row.quote_fetched_at) } as QuoteRow)
      : undefined;
  const flow = { rateSource: row.rate_source, manualRate: row.manual_rate, updatedAt: new Date(row.updated_at) };
  const rate = currentRate(flow, quote, deps.config.RATE_MAX_AGE_SECONDS);
  if (rate.value === null) throw new DomainError('rate_unavailable');
  return {
    flowId: row.id,
    merchantId,
    fiat,
    crypto,
    rate: rate.value,
    party: { fees: row.fees, agents: row.agents },
    createdWebhookOff: row.created_off,
  };
}

interface Creation {
  id: string;
  context: Context;
  input: CreateOrder;
  c: Exact;
  /** ceil(C): a pay-in's hold, and the amount the fee tiers are chosen by. */
  cMinor: bigint;
  fiat: Currency;
  fiatMinor: bigint;
  merchant: Party;
  now: Date;
}

/** What every new order holds, whatever its type: its pair, amounts and rate, the merchant's fee, its ids. */
function newOrderRow(creation: Creation) {
  const { id, context, input, merchant } = creation;
  return {
    id,
    merchantId: context.merchantId,
    flowId: context.flowId,
    fiat: context.fiat,
    fiatAmountMinor: creation.fiatMinor,
    crypto: context.crypto,
    cryptoAmountMinor: creation.cMinor,
    rate: context.rate,
    merchantFeeHundredths: merchant.fee,
    clientOrderId: input.client_order_id,
    clientId: input.client_id ?? null,
  } satisfies Partial<NewOrderRow>;
}

/** The creation edge's move of an order this merchant asked for, with what the context read. */
const creationMove = (creation: Creation, row: NewOrderRow, also?: string[]): CreationMove => ({
  row,
  actor: { kind: 'merchant', id: creation.context.merchantId },
  merchantsOff: new Set(creation.context.createdWebhookOff ? [creation.context.merchantId] : []),
  ...(also ? { also } : {}),
});

async function createPayIn(deps: OrderDeps, tx: Tx, creation: Creation): Promise<repo.OrderRow> {
  const { context, input, now } = creation;
  const match: Match | null = await matchPayIn(
    tx,
    {
      flowId: context.flowId,
      fiat: context.fiat,
      crypto: context.crypto,
      fiatMinor: creation.fiatMinor,
      fiatFraction: creation.fiat.ratio_fraction,
      holdMinor: creation.cMinor,
      paymentOption: input.payment_option,
      paymentType: input.payment_type,
      now,
    },
    creation.merchant,
  );
  if (!match) throw new DomainError('no_executor_available');
  const { candidate } = match;
  await repo.markAssigned(tx, candidate.bindId, now);
  const row: NewOrderRow = {
    ...newOrderRow(creation),
    type: 'pay_in',
    executorId: candidate.userId,
    executorType: candidate.executorType,
    requisiteId: candidate.requisiteId,
    executorFeeHundredths: match.executorFee,
    agentShares: [...creation.merchant.agents, ...match.teamleads],
    holdMinor: creation.cMinor,
    paymentOption: candidate.paymentOption,
    paymentType: candidate.paymentType,
    details: candidate.attributes,
  };
  return createLockedOrder(deps, tx, creationMove(creation, row), now);
}

async function createPayOut(deps: OrderDeps, tx: Tx, creation: Creation, recipient: Record<string, string>) {
  const { context, input, merchant, now } = creation;
  if (!sharesFit(sharesOf(merchant.fee, 0, merchant.agents))) throw new DomainError('pricing_invalid');
  const row: NewOrderRow = {
    ...newOrderRow(creation),
    type: 'pay_out',
    executorFeeHundredths: null,
    agentShares: merchant.agents,
    holdMinor: payOutHold(creation.c, merchant.fee),
    paymentOption: input.payment_option ?? 'card',
    paymentType: input.payment_type ?? null,
    details: recipient,
  };
  const takers = await takersOf(tx, context.flowId);
  return createLockedOrder(deps, tx, creationMove(creation, row, takers), now);
}

/** Tries of a pay-in's creation: its executor's money went to another order meanwhile, or the matcher must wait. */
const creationTries = 3;

/**
 * Creates an order for a merchant (the merchant API, DESIGN §9): priced at creation; a pay-in matched and its hold
 * taken from the executor, a pay-out's hold taken from the merchant; with its timeline, webhook, expiry job and
 * real-time notes, and the money last, all in one transaction. Nothing is created when it cannot be served.
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
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction(async (tx) => {
        const context = await contextOf(deps, tx, merchantId, {
          fiat: fiat.code,
          crypto: crypto.code,
          clientOrderId: input.client_order_id,
        });
        const c = cryptoOf(fiatMinor, fiat, ratioOfDecimal(context.rate), cryptoCurrency(crypto.code));
        if (!isPriceable(c, cryptoCurrency(crypto.code))) throw fieldError('amount', 'orders.errors.crypto_too_large');
        const cMinor = payInHold(c);
        const creation: Creation = {
          id: newId(),
          context,
          input,
          c,
          cMinor,
          fiat,
          fiatMinor,
          merchant: partyOf(context.party, input.type, 'referral', cMinor),
          now: engineTime(deps),
        };
        return recipient === null ? createPayIn(deps, tx, creation) : createPayOut(deps, tx, creation, recipient);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('client_order_id_taken');
      const again =
        error instanceof MatchAgain ||
        (input.type === 'pay_in' && error instanceof DomainError && error.code === 'insufficient_funds');
      if (!again || attempt >= creationTries) {
        if (again) throw new DomainError('no_executor_available');
        // A pay-out's hold is the merchant's: the money it lacks is the amount's (its hold is posted at the commit).
        if (error instanceof DomainError && error.code === 'insufficient_funds') {
          throw new DomainError('insufficient_funds', { amount: ['validation.merchant_insufficient_funds'] });
        }
        throw error;
      }
    }
  }
}
