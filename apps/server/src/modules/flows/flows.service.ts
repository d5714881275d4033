import {
  type executorAddSchema,
  type Flow,
  type FlowListQuery,
  type flowCreateSchema,
  type flowUpdateSchema,
  type Language,
  type ListData,
  paginate,
  type RateSourceInfo,
  ruleMessage,
  type TraderRestriction,
  type traderRestrictionCreateSchema,
} from '@paydesk/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, localizedValidationFailed } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { normalizedValue, restrictionValueErrors } from '../../lib/restriction-types';
import { recordAudit } from '../audit/audit.module';
import type { ReferenceData } from '../reference/reference.read';
import * as users from '../users/users.module';
import * as repo from './flows.repository';
import { flowView, restrictionSetId, traderRestrictionViews } from './flows.view';
import { currentRate, quoteOf, quotesOf } from './rates';
import { traderRestrictionTypes } from './trader-restriction-types';

export interface FlowDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
}

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

async function viewOf(deps: FlowDeps, db: Executor, id: string): Promise<Flow> {
  const found = await repo.findFlow(db, id);
  if (!found) throw new DomainError('not_found');
  const [executors, quote] = await Promise.all([
    repo.executorsOf(db, [id]),
    quoteOf(db, 'feed', found.flow.fiat, found.flow.crypto),
  ]);
  return flowView(found, executors, currentRate(found.flow, quote, deps.config.RATE_MAX_AGE_SECONDS));
}

/** GET /flow: flows with their executors and the rate each prices at now. */
export async function listFlows(deps: FlowDeps, query: FlowListQuery): Promise<ListData<Flow>> {
  const { rows, count } = await repo.listFlows(
    deps.db,
    { name: query['filter[name]'], merchantId: query['filter[merchant_uuid]'], fiat: query['filter[fiat_currency]'] },
    pageOf(query),
  );
  const [executors, quotes] = await Promise.all([
    repo.executorsOf(
      deps.db,
      rows.map((row) => row.flow.id),
    ),
    quotesOf(deps.db, 'feed'),
  ]);
  return {
    items: rows.map((row) =>
      flowView(
        row,
        executors.filter((executor) => executor.executor.flowId === row.flow.id),
        currentRate(row.flow, quotes.get(`${row.flow.fiat}/${row.flow.crypto}`), deps.config.RATE_MAX_AGE_SECONDS),
      ),
    ),
    context: {
      available_filters: [{ name: 'name', label: 'filters.name', type: 'text' }],
      pagination: paginate(count.total, query, count.estimated),
    },
  };
}

function assertPair(reference: ReferenceData, fiat: string, crypto: string) {
  if (reference.currencies.get(fiat)?.kind !== 'fiat') throw fieldError('fiat_currency', 'flows.errors.currency');
  if (reference.currencies.get(crypto)?.kind !== 'crypto') throw fieldError('crypto_currency', 'flows.errors.currency');
}

/** The feed is a source only while RATE_FEED_URL is set. */
function assertSource(config: Config, source: string, field: string) {
  if (source === 'feed' && !config.RATE_FEED_URL) throw fieldError(field, 'flows.errors.source');
}

/** POST /flow/: one flow per merchant and currency pair; the manual source takes its rate (SPEC §5). */
export async function createFlow(deps: FlowDeps, actorId: string, input: z.output<typeof flowCreateSchema>) {
  assertPair(deps.reference, input.fiat_currency, input.crypto_currency);
  assertSource(deps.config, input.currency_rate_source, 'currency_rate_source');
  const merchant = await users.userById(deps.db, input.merchant_uuid);
  if (merchant?.type !== 'merchant') throw fieldError('merchant_uuid', 'flows.errors.merchant');
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await repo.insertFlow(tx, {
        id,
        name: input.name,
        merchantId: merchant.id,
        fiat: input.fiat_currency,
        crypto: input.crypto_currency,
        isActive: input.is_active,
        rateSource: input.currency_rate_source,
        manualRate: input.currency_rate_source === 'manual' ? (input.currency_rate ?? null) : null,
      });
      await recordAudit(tx, {
        actorId,
        action: 'flow.created',
        targetUserId: merchant.id,
        after: { flow: id, name: input.name, pair: `${input.fiat_currency}/${input.crypto_currency}` },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('merchant_uuid', 'flows.errors.duplicate');
    throw error;
  }
  return viewOf(deps, deps.db, id);
}

/** PATCH /flow/{id}: renames it, or lets orders use it or not. */
export async function updateFlow(
  deps: FlowDeps,
  actorId: string,
  id: string,
  input: z.output<typeof flowUpdateSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const found = await repo.findFlow(tx, id, true);
    if (!found) throw new DomainError('not_found');
    await repo.updateFlow(tx, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    });
    await recordAudit(tx, {
      actorId,
      action: 'flow.updated',
      targetUserId: found.merchant.id,
      before: { flow: id, name: found.flow.name, is_active: found.flow.isActive },
      after: { flow: id, name: input.name ?? found.flow.name, is_active: input.is_active ?? found.flow.isActive },
    });
  });
  return viewOf(deps, deps.db, id);
}

/** DELETE /flow/{id}: refused while it has open orders (DESIGN §8); one with finished orders is kept for them. */
export async function deleteFlow(deps: FlowDeps, actorId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const found = await repo.findFlow(tx, id, true);
    if (!found) throw new DomainError('not_found');
    const orders = await repo.ordersOfFlow(tx, id);
    if (orders.open) throw new DomainError('flow_has_open_orders');
    await repo.deleteFlow(tx, id, orders.any);
    await recordAudit(tx, {
      actorId,
      action: 'flow.deleted',
      targetUserId: found.merchant.id,
      before: { flow: id, name: found.flow.name },
    });
  });
}

/** POST /flow/{id}/executor: a trader or a partner of good standing, once per flow ('This trader is already added!'). */
export async function addExecutor(
  deps: FlowDeps,
  actorId: string,
  flowId: string,
  input: z.output<typeof executorAddSchema>,
) {
  const user = await users.userById(deps.db, input.executor_id);
  if (user?.type !== input.executor_type) throw fieldError('executor_id', 'flows.errors.executor');
  if (user.isBlocked || !user.isActive) throw fieldError('executor_id', 'flows.errors.executor_inactive');
  try {
    await deps.db.transaction(async (tx) => {
      const found = await repo.findFlow(tx, flowId, true);
      if (!found) throw new DomainError('not_found');
      await repo.insertExecutor(tx, {
        id: newId(),
        flowId,
        userId: user.id,
        executorType: input.executor_type,
        priority: input.priority ?? 0,
      });
      await recordAudit(tx, {
        actorId,
        action: 'flow.executor_added',
        targetUserId: user.id,
        after: { flow: flowId, executor: user.username, type: input.executor_type },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('trader_exists');
    throw error;
  }
  return viewOf(deps, deps.db, flowId);
}

export async function removeExecutor(deps: FlowDeps, actorId: string, flowId: string, bindId: string) {
  await deps.db.transaction(async (tx) => {
    const executor = await repo.findExecutor(tx, flowId, bindId);
    if (!executor) throw new DomainError('not_found');
    await repo.deleteExecutor(tx, bindId);
    await recordAudit(tx, {
      actorId,
      action: 'flow.executor_removed',
      targetUserId: executor.userId,
      before: { flow: flowId, priority: executor.priority },
    });
  });
  return viewOf(deps, deps.db, flowId);
}

export async function setExecutorPriority(
  deps: FlowDeps,
  actorId: string,
  flowId: string,
  bindId: string,
  priority: number,
) {
  await deps.db.transaction(async (tx) => {
    const executor = await repo.findExecutor(tx, flowId, bindId);
    if (!executor) throw new DomainError('not_found');
    await repo.setPriority(tx, bindId, priority);
    await recordAudit(tx, {
      actorId,
      action: 'flow.executor_priority',
      targetUserId: executor.userId,
      before: { flow: flowId, priority: executor.priority },
      after: { flow: flowId, priority },
    });
  });
  return viewOf(deps, deps.db, flowId);
}

/** GET /flow/currency_rate_source: each source with the rate it has now for the pair. */
export async function rateSources(
  deps: FlowDeps,
  fiat: string,
  crypto: string,
  language: Language,
): Promise<RateSourceInfo[]> {
  assertPair(deps.reference, fiat, crypto);
  const quote = await quoteOf(deps.db, 'feed', fiat, crypto);
  const feed = currentRate(
    { rateSource: 'feed', manualRate: null, updatedAt: new Date() },
    quote,
    deps.config.RATE_MAX_AGE_SECONDS,
  );
  const title = (en: string, ru: string) => (language === 'ru' ? ru : en);
  return [
    { slug: 'manual', title: title('Manual rate', 'Ручной курс'), rate: null, updated_at: null, stale: false },
    ...(deps.config.RATE_FEED_URL
      ? [
          {
            slug: 'feed' as const,
            title: title('Exchange feed', 'Курс биржи'),
            rate: feed.value,
            updated_at: feed.updatedAt?.toISOString() ?? null,
            stale: feed.stale,
          },
        ]
      : []),
  ];
}

/** PATCH /flow/{flow_uuid}/currency_rate_source: the source, and its rate when manual. */
export async function setRateSource(
  deps: FlowDeps,
  actorId: string,
  flowId: string,
  source: 'manual' | 'feed',
  rate: string | undefined,
) {
  assertSource(deps.config, source, 'source');
  await deps.db.transaction(async (tx) => {
    const found = await repo.findFlow(tx, flowId, true);
    if (!found) throw new DomainError('not_found');
    await repo.updateFlow(tx, flowId, { rateSource: source, manualRate: source === 'manual' ? (rate ?? null) : null });
    await recordAudit(tx, {
      actorId,
      action: 'flow.rate_changed',
      targetUserId: found.merchant.id,
      before: { flow: flowId, source: found.flow.rateSource, rate: found.flow.manualRate },
      after: { flow: flowId, source, rate: source === 'manual' ? rate : null },
    });
  });
  return viewOf(deps, deps.db, flowId);
}

/** GET /trader_restriction: the restrictions of a trader, of a flow, or both. */
export async function listTraderRestrictions(
  deps: FlowDeps,
  filter: { traderId?: string | undefined; flowId?: string | undefined },
  language: Language,
): Promise<TraderRestriction[]> {
  const rows = await repo.traderRestrictionsOf(deps.db, {
    ...(filter.traderId ? { traderId: filter.traderId } : {}),
    ...(filter.flowId ? { flowId: filter.flowId } : {}),
  });
  return traderRestrictionViews(rows, language);
}

/**
 * POST /trader_restriction: sets one type for a trader that executes the flow; all-blank values remove the type.
 * Amounts are of the flow's fiat currency.
 */
export async function setTraderRestriction(
  deps: FlowDeps,
  actorId: string,
  input: z.output<typeof traderRestrictionCreateSchema>,
  language: Language,
): Promise<TraderRestriction> {
  const definition = traderRestrictionTypes.find((candidate) => candidate.slug === input.type);
  if (!definition) {
    throw localizedValidationFailed({
      type: ruleMessage(
        language,
        { rule: 'in', params: { list: traderRestrictionTypes.map((t) => t.slug).join(', ') } },
        'type',
      ),
    });
  }
  await deps.db.transaction(async (tx) => {
    const found = await repo.findFlow(tx, input.flow_uuid, true);
    if (!found) throw fieldError('flow_uuid', 'flows.errors.not_found');
    const executors = await repo.executorsOf(tx, [input.flow_uuid]);
    const bound = executors.some(
      ({ executor }) => executor.userId === input.trader_uuid && executor.executorType === 'trader',
    );
    if (!bound) throw fieldError('trader_uuid', 'flows.errors.not_executor');
    const errors = restrictionValueErrors(definition, input.values, language, {
      fraction: deps.reference.currencies.get(found.flow.fiat)?.ratioFraction ?? 2,
      optionSlugs: [...deps.reference.paymentOptions.keys()],
      prefix: 'values',
    });
    if (Object.keys(errors).length > 0) throw localizedValidationFailed(errors);
    const values = normalizedValue(definition, input.values);
    if (values === null) {
      const existing = (
        await repo.traderRestrictionsOf(tx, { flowId: input.flow_uuid, traderId: input.trader_uuid })
      ).find((row) => row.type === input.type);
      if (existing) await repo.deleteTraderRestriction(tx, existing.id);
    } else {
      await repo.upsertTraderRestriction(tx, {
        id: newId(),
        flowId: input.flow_uuid,
        traderId: input.trader_uuid,
        type: input.type,
        values,
      });
    }
    await recordAudit(tx, {
      actorId,
      action: 'flow.trader_restriction_set',
      targetUserId: input.trader_uuid,
      after: { flow: input.flow_uuid, type: input.type, values },
    });
  });
  const [view] = await listTraderRestrictions(deps, { traderId: input.trader_uuid, flowId: input.flow_uuid }, language);
  return (
    view ?? {
      id: restrictionSetId(input.flow_uuid, input.trader_uuid),
      flow_uuid: input.flow_uuid,
      trader_uuid: input.trader_uuid,
      types: [],
    }
  );
}

/** DELETE /trader_restriction/{id}: one type of a trader's restrictions in a flow. */
export async function deleteTraderRestriction(deps: FlowDeps, actorId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findTraderRestriction(tx, id);
    if (!row) throw new DomainError('not_found');
    await repo.deleteTraderRestriction(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'flow.trader_restriction_removed',
      targetUserId: row.traderId,
      before: { flow: row.flowId, type: row.type, values: row.values },
    });
  });
}
