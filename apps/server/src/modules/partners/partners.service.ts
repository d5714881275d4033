import {
  type BalanceLogEntry,
  cryptoCurrency,
  formatMoney,
  type Language,
  type PartnerSystem,
  paginate,
  type partnerSystemCreateSchema,
  type partnerSystemUpdateSchema,
  transferCodes,
  USDT,
} from '@paydesk/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { translate } from '../../i18n/messages';
import { dateRange } from '../../lib/date-range';
import { DomainError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { recordAudit } from '../audit/audit.module';
import * as ledger from '../ledger/ledger.module';
import type { ReferenceData } from '../reference/reference.read';
import * as users from '../users/users.module';
import { flowsExecutedBy } from './partner-flows';
import * as repo from './partners.repository';

export interface PartnerDeps {
  db: Db;
  reference: ReferenceData;
}

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

async function viewsOf(deps: PartnerDeps, db: Executor, rows: repo.PartnerSystemWithUser[], language: Language) {
  const ids = rows.map((row) => row.user.id);
  const [balances, flows] = await Promise.all([
    ledger.balancesOf(db, ids, USDT.code),
    Promise.all(ids.map((id) => flowsExecutedBy(db, id))),
  ]);
  return rows.map(
    ({ system, user }, index): PartnerSystem => ({
      uuid: system.id,
      partner: { title: system.title, slug: system.slug },
      user: { uuid: user.id, username: user.username },
      is_active: system.isActive,
      payment_method: system.paymentMethod,
      fiat_currencies: system.fiatCurrencies,
      payment_options: system.paymentOptions.map((slug) => {
        const option = deps.reference.paymentOptions.get(slug);
        return { slug, title: option ? (language === 'ru' ? option.nameRu : option.nameEn) : slug };
      }),
      flows: (flows[index] ?? []).map((flow) => ({
        uuid: flow.id,
        name: flow.name,
        fiat_currency: { code: flow.fiat },
        crypto_currency: { code: flow.crypto },
      })),
      balance: { amount: formatMoney(balances.get(user.id)?.available ?? 0n, USDT), currency: USDT },
      partner_system: { is_active: system.isActive },
      created_at: system.createdAt.toISOString(),
    }),
  );
}

/** GET /partner-system: the systems, and every partner's balance in all. */
export async function listPartnerSystems(
  deps: PartnerDeps,
  query: { page: number; count: number; 'filter[title]'?: string | undefined },
  language: Language,
) {
  const [{ rows, count }, total] = await Promise.all([
    repo.listPartnerSystems(deps.db, { title: query['filter[title]'] }, pageOf(query)),
    repo.totalAvailable(deps.db, USDT.code),
  ]);
  return {
    items: await viewsOf(deps, deps.db, rows, language),
    context: {
      available_filters: [{ name: 'title', label: 'filters.title', type: 'text' as const }],
      pagination: paginate(count.total, query, count.estimated),
      total: { amount: formatMoney(total, USDT), currency: USDT },
    },
  };
}

export async function getPartnerSystem(deps: PartnerDeps, slug: string, language: Language): Promise<PartnerSystem> {
  const found = await repo.findPartnerSystem(deps.db, slug);
  if (!found) throw new DomainError('not_found');
  const [view] = await viewsOf(deps, deps.db, [found], language);
  if (!view) throw new DomainError('not_found');
  return view;
}

function assertServes(reference: ReferenceData, input: { fiat_currencies?: string[]; payment_options?: string[] }) {
  input.fiat_currencies?.forEach((code, index) => {
    if (reference.currencies.get(code)?.kind !== 'fiat')
      throw fieldError(`fiat_currencies.${index}`, 'partners.errors.currency');
  });
  input.payment_options?.forEach((slug, index) => {
    if (!reference.paymentOptions.has(slug))
      throw fieldError(`payment_options.${index}`, 'partners.errors.payment_option');
  });
}

/** POST /partner-system: a payment system for a user of type partner (one each). */
export async function createPartnerSystem(
  deps: PartnerDeps,
  actorId: string,
  input: z.output<typeof partnerSystemCreateSchema>,
  language: Language,
) {
  assertServes(deps.reference, input);
  const user = await users.userById(deps.db, input.user_uuid);
  if (user?.type !== 'partner') throw fieldError('user_uuid', 'partners.errors.user');
  try {
    await deps.db.transaction(async (tx) => {
      await repo.insertPartnerSystem(tx, {
        id: newId(),
        userId: user.id,
        title: input.title,
        slug: input.slug,
        paymentMethod: input.payment_method,
        fiatCurrencies: [...new Set(input.fiat_currencies)],
        paymentOptions: [...new Set(input.payment_options)],
        isActive: input.is_active,
      });
      await recordAudit(tx, {
        actorId,
        action: 'partner_system.created',
        targetUserId: user.id,
        after: { title: input.title, slug: input.slug, payment_method: input.payment_method },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await repo.findPartnerSystem(deps.db, input.slug);
    throw taken
      ? fieldError('slug', 'partners.errors.slug_taken')
      : fieldError('user_uuid', 'partners.errors.user_has_system');
  }
  return getPartnerSystem(deps, input.slug, language);
}

/** PUT /partner-system/{slug}: the fields sent change. */
export async function updatePartnerSystem(
  deps: PartnerDeps,
  actorId: string,
  slug: string,
  input: z.output<typeof partnerSystemUpdateSchema>,
  language: Language,
) {
  assertServes(deps.reference, input);
  await deps.db.transaction(async (tx) => {
    const found = await repo.findPartnerSystem(tx, slug, true);
    if (!found) throw new DomainError('not_found');
    const { system } = found;
    await repo.updatePartnerSystem(tx, system.id, {
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.payment_method === undefined ? {} : { paymentMethod: input.payment_method }),
      ...(input.fiat_currencies === undefined ? {} : { fiatCurrencies: [...new Set(input.fiat_currencies)] }),
      ...(input.payment_options === undefined ? {} : { paymentOptions: [...new Set(input.payment_options)] }),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    });
    await recordAudit(tx, {
      actorId,
      action: 'partner_system.updated',
      targetUserId: found.user.id,
      before: { title: system.title, is_active: system.isActive, payment_method: system.paymentMethod },
      after: {
        title: input.title ?? system.title,
        is_active: input.is_active ?? system.isActive,
        payment_method: input.payment_method ?? system.paymentMethod,
      },
    });
  });
  return getPartnerSystem(deps, slug, language);
}

/** GET /partner-system/{slug}/balance-log: the partner's available balance, movement by movement. */
export async function partnerBalanceLog(
  deps: PartnerDeps,
  slug: string,
  query: {
    page: number;
    count: number;
    'filter[type]'?: string[] | undefined;
    'filter[date_from]'?: string | undefined;
    'filter[date_to]'?: string | undefined;
  },
  language: Language,
) {
  const found = await repo.findPartnerSystem(deps.db, slug);
  if (!found) throw new DomainError('not_found');
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  const { rows, count } = await repo.balanceLog(
    deps.db,
    found.user.id,
    { codes: query['filter[type]'], from, until },
    pageOf(query),
  );
  const items = rows.map(({ entry, currency: code }): BalanceLogEntry => {
    const currency = cryptoCurrency(code);
    return {
      guid: entry.transferId,
      created_at: entry.createdAt.toISOString(),
      type: { slug: entry.code, title: translate(language, `transfer.${entry.code}`) },
      change: { amount: formatMoney(entry.amountMinor, currency), currency },
      balance: { amount: formatMoney(entry.balanceAfterMinor, currency), currency },
    };
  });
  return {
    items,
    context: {
      available_filters: [
        {
          name: 'type',
          label: 'filters.type',
          type: 'multiselect' as const,
          options: transferCodes.map((code) => ({ value: code, label: translate(language, `transfer.${code}`) })),
        },
        { name: 'date_from', label: 'filters.date_from', type: 'date' as const },
        { name: 'date_to', label: 'filters.date_to', type: 'date' as const },
      ],
      pagination: paginate(count.total, query, count.estimated),
    },
  };
}
