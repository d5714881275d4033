import type { Flow, Language, TraderRestriction } from '@paydesk/contract';
import { derivedId } from '../../lib/ids';
import type { ExecutorWithNames, FlowWithMerchant, TraderRestrictionRow } from './flows.repository';
import { type CurrentRate, rateText } from './rates';
import { traderRestrictionTypes } from './trader-restriction-types';

export function flowView(
  { flow, merchant }: FlowWithMerchant,
  executors: ExecutorWithNames[],
  rate: CurrentRate,
): Flow {
  return {
    uuid: flow.id,
    name: flow.name,
    fiat_currency: { code: flow.fiat },
    crypto_currency: { code: flow.crypto },
    merchant: { uuid: merchant.id, username: merchant.username },
    merchant_uuid: merchant.id,
    is_active: flow.isActive,
    currency_rate_source: flow.rateSource as Flow['currency_rate_source'],
    currency_rate: flow.manualRate === null ? null : rateText(flow.manualRate),
    rate: { value: rate.value, updated_at: rate.updatedAt?.toISOString() ?? null, stale: rate.stale },
    executors: executors.map(({ executor, username, partner }) => ({
      bind_id: executor.id,
      type: executor.executorType as 'trader' | 'partner',
      trader: executor.executorType === 'trader' ? { uuid: executor.userId, username } : null,
      partner:
        executor.executorType === 'partner'
          ? { uuid: executor.userId, title: partner?.title ?? username, slug: partner?.slug ?? '' }
          : null,
      priority: executor.priority,
    })),
    created_at: flow.createdAt.toISOString(),
  };
}

/** The id of a trader's restrictions in a flow: one name for the pair, the same every time. */
export const restrictionSetId = (flowId: string, traderId: string) =>
  derivedId(`trader-restrictions:${flowId}:${traderId}`);

/** Rows of trader restrictions grouped per (flow, trader), as SPEC §3 Trader restriction has them. */
export function traderRestrictionViews(rows: TraderRestrictionRow[], language: Language): TraderRestriction[] {
  const groups = new Map<string, TraderRestriction>();
  for (const row of rows) {
    const key = `${row.flowId}:${row.traderId}`;
    const group = groups.get(key) ?? {
      id: restrictionSetId(row.flowId, row.traderId),
      flow_uuid: row.flowId,
      trader_uuid: row.traderId,
      types: [],
    };
    const definition = traderRestrictionTypes.find((candidate) => candidate.slug === row.type);
    group.types.push({
      id: row.id,
      type: { slug: row.type, title: definition ? definition.title[language] : row.type },
      values: row.values,
    });
    groups.set(key, group);
  }
  return [...groups.values()];
}
