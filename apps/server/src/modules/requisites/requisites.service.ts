import {
  checkRules,
  type Language,
  type ListData,
  paginate,
  type Requisite,
  type RequisiteListQuery,
  type Restriction,
  type requisiteInputSchema,
  type requisiteUpdateSchema,
  type restrictionsUpdateSchema,
  ruleMessage,
} from '@paydesk/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { keysetChunks } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { DomainError, localizedValidationFailed } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { normalizedValue, restrictionValueErrors } from '../../lib/restriction-types';
import { recordAudit } from '../audit/audit.module';
import type { ReferenceData } from '../reference/reference.read';
import * as users from '../users/users.module';
import * as repo from './requisites.repository';
import { requisiteCsvColumns, requisiteFilters, requisiteView } from './requisites.view';
import { requisiteRestrictionTypes } from './restriction-types';

type RequisiteInput = z.output<typeof requisiteInputSchema>;
type RequisiteUpdate = z.output<typeof requisiteUpdateSchema>;

/** Who acts: an admin reaches every requisite, anyone else only its own (another's is not found, DESIGN §3). */
export interface Actor {
  id: string;
  type: string;
}

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** Owners of requisites: those who execute orders. */
const ownerTypes = new Set(['trader', 'partner']);

export interface RequisiteDeps {
  db: Db;
  reference: ReferenceData;
}

/**
 * The currency, payment option and payment type must exist and fit together (a type belongs to a currency and takes
 * some options), and the attributes are exactly the option's fields, each by its rules. Returns the trimmed values.
 */
function checkedRequisite(
  reference: ReferenceData,
  input: { currency: string; payment_option: string; payment_type: string; attributes: Record<string, string> },
  language: Language,
): Record<string, string> {
  const currency = reference.currencies.get(input.currency);
  if (currency?.kind !== 'fiat' || !currency.isActive) throw fieldError('currency', 'requisites.errors.currency');
  const option = reference.paymentOptions.get(input.payment_option);
  if (!option) throw fieldError('payment_option', 'requisites.errors.payment_option');
  const type = reference.paymentTypes.get(input.payment_type);
  if (!type || type.currency !== currency.code || !type.paymentOptions.includes(option.slug)) {
    throw fieldError('payment_type', 'requisites.errors.payment_type');
  }
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const known = new Set(option.attributes.map((attribute) => attribute.field));
  for (const field of Object.keys(input.attributes)) {
    if (!known.has(field)) {
      errors[`attributes.${field}`] = ruleMessage(
        language,
        { rule: 'in', params: { list: [...known].join(', ') } },
        field,
      );
    }
  }
  for (const attribute of option.attributes) {
    const value = input.attributes[attribute.field]?.trim() ?? '';
    const issue = checkRules(value, { validation_rules: attribute.validation_rules, mask: attribute.mask?.[language] });
    if (issue) errors[`attributes.${attribute.field}`] = ruleMessage(language, issue, attribute.label[language]);
    else if (value !== '') values[attribute.field] = value;
  }
  if (Object.keys(errors).length > 0) throw localizedValidationFailed(errors);
  return values;
}

async function reachable(db: Executor, actor: Actor, id: string, forUpdate = false) {
  const found = await repo.findRequisite(db, id, forUpdate);
  if (!found || (actor.type !== 'admin' && found.requisite.userId !== actor.id)) throw new DomainError('not_found');
  return found;
}

async function viewOf(deps: RequisiteDeps, db: Executor, id: string, language: Language): Promise<Requisite> {
  const found = await repo.findRequisite(db, id);
  if (!found) throw new DomainError('not_found');
  return requisiteView(found, await repo.restrictionsOf(db, [id]), deps.reference, language);
}

type RequisiteFilterQuery = Omit<RequisiteListQuery, 'page' | 'count'>;

/** The filter of a list query: an admin filters by owner, a trader sees its own. */
function filterOf(actor: Actor, query: RequisiteFilterQuery): repo.RequisiteFilter {
  const admin = actor.type === 'admin';
  return {
    ownerId: admin ? query['filter[user_uuid]'] : actor.id,
    name: query['filter[name]'],
    currency: query['filter[currency]'],
    paymentOption: query['filter[payment_option]'],
    paymentType: query['filter[payment_type]'],
    isActive: query['filter[is_active]'],
    username: admin ? query['filter[username]'] : undefined,
  };
}

/** The wire requisites of rows, with the restrictions in force (one query for all). */
async function viewsOf(deps: RequisiteDeps, rows: repo.RequisiteWithOwner[], language: Language) {
  const restrictions = await repo.restrictionsOf(
    deps.db,
    rows.map((row) => row.requisite.id),
  );
  return rows.map((row) =>
    requisiteView(
      row,
      restrictions.filter((restriction) => restriction.requisiteId === row.requisite.id),
      deps.reference,
      language,
    ),
  );
}

/** GET /requisite (an admin: all) and GET /trader/requisite (a trader: its own). */
export async function listRequisites(
  deps: RequisiteDeps,
  actor: Actor,
  query: RequisiteListQuery,
  language: Language,
): Promise<ListData<Requisite>> {
  const { rows, count } = await repo.listRequisites(deps.db, filterOf(actor, query), pageOf(query));
  return {
    items: await viewsOf(deps, rows, language),
    context: {
      available_filters: requisiteFilters(deps.reference, language, actor.type === 'admin'),
      pagination: paginate(count.total, query, count.estimated),
    },
  };
}

/** GET /requisite/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
export function exportRequisites(deps: RequisiteDeps, actor: Actor, query: RequisiteFilterQuery, language: Language) {
  const filter = filterOf(actor, query);
  async function* chunks() {
    for await (const rows of keysetChunks((after, size) => repo.requisiteChunk(deps.db, filter, after, size))) {
      yield await viewsOf(deps, rows, language);
    }
  }
  return csvStream(requisiteCsvColumns, language, chunks());
}

export async function getRequisite(deps: RequisiteDeps, actor: Actor, id: string, language: Language) {
  const found = await reachable(deps.db, actor, id);
  return requisiteView(found, await repo.restrictionsOf(deps.db, [id]), deps.reference, language);
}

/** POST /requisite: a trader adds its own; an admin adds one for a trader or a partner (`user_uuid`). */
export async function createRequisite(deps: RequisiteDeps, actor: Actor, input: RequisiteInput, language: Language) {
  const attributes = checkedRequisite(deps.reference, input, language);
  let ownerId = actor.id;
  if (actor.type === 'admin') {
    const owner = input.user_uuid ? await users.userById(deps.db, input.user_uuid) : undefined;
    if (!owner || !ownerTypes.has(owner.type)) throw fieldError('user_uuid', 'requisites.errors.owner');
    ownerId = owner.id;
  } else if (input.user_uuid && input.user_uuid !== actor.id) {
    throw fieldError('user_uuid', 'requisites.errors.owner');
  }
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await repo.insertRequisite(tx, {
      id,
      userId: ownerId,
      name: input.name,
      currency: input.currency,
      paymentOption: input.payment_option,
      paymentType: input.payment_type,
      attributes,
      isActive: input.is_active ?? true,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'requisite.created',
      targetUserId: ownerId,
      after: { requisite: id, name: input.name, payment_type: input.payment_type, is_active: input.is_active ?? true },
    });
  });
  return viewOf(deps, deps.db, id, language);
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
};

/**
 * PUT /requisite/{id}: the fields sent change, and the requisite as a whole is checked again (a new option needs its
 * attributes). The admin's active dropdown sends `is_active` alone.
 */
export async function updateRequisite(
  deps: RequisiteDeps,
  actor: Actor,
  id: string,
  input: RequisiteUpdate,
  language: Language,
) {
  await deps.db.transaction(async (tx) => {
    const { requisite } = await reachable(tx, actor, id, true);
    const next = {
      name: input.name ?? requisite.name,
      currency: input.currency ?? requisite.currency,
      payment_option: input.payment_option ?? requisite.paymentOption,
      payment_type: input.payment_type ?? requisite.paymentType,
      attributes: input.attributes ?? requisite.attributes,
      is_active: input.is_active ?? requisite.isActive,
    };
    const detailsChange = (['name', 'currency', 'payment_option', 'payment_type', 'attributes'] as const).some(
      (field) => input[field] !== undefined,
    );
    const attributes = detailsChange ? checkedRequisite(deps.reference, next, language) : requisite.attributes;
    // The payer of an open pay-in pays to what the order shows: the requisite's own details wait for it (DESIGN §5).
    const before = {
      currency: requisite.currency,
      payment_option: requisite.paymentOption,
      payment_type: requisite.paymentType,
    };
    const moved =
      (['currency', 'payment_option', 'payment_type'] as const).some((field) => next[field] !== before[field]) ||
      !sameAttributes(attributes, requisite.attributes);
    if (moved && (await repo.hasOpenOrders(tx, id))) throw new DomainError('requisite_has_open_orders');
    await repo.updateRequisite(tx, id, {
      name: next.name,
      currency: next.currency,
      paymentOption: next.payment_option,
      paymentType: next.payment_type,
      attributes,
      isActive: next.is_active,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'requisite.updated',
      targetUserId: requisite.userId,
      before: {
        requisite: id,
        name: requisite.name,
        is_active: requisite.isActive,
        payment_type: requisite.paymentType,
      },
      after: { requisite: id, name: next.name, is_active: next.is_active, payment_type: next.payment_type },
    });
  });
  return viewOf(deps, deps.db, id, language);
}

const restrictionView = (row: repo.RestrictionRow): Restriction => ({
  type: { slug: row.type },
  value: row.value,
  is_active: row.isActive,
});

export async function requisiteRestrictions(deps: RequisiteDeps, actor: Actor, id: string): Promise<Restriction[]> {
  await reachable(deps.db, actor, id);
  return (await repo.restrictionsOf(deps.db, [id])).map(restrictionView);
}

/**
 * PUT /requisite/{id}/restrictions: the whole set replaces the one in force (SPEC §4: saving makes all of them
 * active). Each value is checked by its type's rules; a type whose values are all blank is dropped.
 */
export async function replaceRequisiteRestrictions(
  deps: RequisiteDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof restrictionsUpdateSchema>,
  language: Language,
): Promise<Restriction[]> {
  await deps.db.transaction(async (tx) => {
    const { requisite } = await reachable(tx, actor, id, true);
    const fraction = deps.reference.currencies.get(requisite.currency)?.ratioFraction ?? 2;
    const errors: Record<string, string> = {};
    const rows: Omit<repo.RestrictionRow, 'requisiteId'>[] = [];
    for (const item of input.restrictions) {
      const definition = requisiteRestrictionTypes.find((candidate) => candidate.slug === item.type);
      if (!definition) {
        errors[`restrictions.${item.type}`] = ruleMessage(
          language,
          { rule: 'in', params: { list: requisiteRestrictionTypes.map((type) => type.slug).join(', ') } },
          item.type,
        );
        continue;
      }
      Object.assign(
        errors,
        restrictionValueErrors(definition, item.value ?? {}, language, {
          fraction,
          prefix: `restrictions.${item.type}`,
        }),
      );
      const value = normalizedValue(definition, item.value ?? {});
      if (value) rows.push({ type: item.type, value, isActive: true });
    }
    if (Object.keys(errors).length > 0) throw localizedValidationFailed(errors);
    const before = await repo.restrictionsOf(tx, [id]);
    await repo.replaceRestrictions(tx, id, rows);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'requisite.restrictions_changed',
      targetUserId: requisite.userId,
      before: { requisite: id, restrictions: Object.fromEntries(before.map((row) => [row.type, row.value])) },
      after: { requisite: id, restrictions: Object.fromEntries(rows.map((row) => [row.type, row.value])) },
    });
  });
  return (await repo.restrictionsOf(deps.db, [id])).map(restrictionView);
}
