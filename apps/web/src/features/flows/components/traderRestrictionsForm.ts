import type { RestrictionType, TraderRestriction } from '@paydesk/contract';
import type { FieldMessages } from '../../../lib/formErrors';
import type { TraderRestrictionChange } from '../api/setTraderRestriction';

/** What the restrictions form holds: type slug → field → text as typed. */
export type TraderRestrictionValues = Record<string, Record<string, string>>;

/** The starting texts: the trader's restrictions in this flow, a missing or null value as an empty field. */
export function traderRestrictionValuesOf(
  types: readonly RestrictionType[],
  restrictions: readonly TraderRestriction[],
): TraderRestrictionValues {
  const set = restrictions[0]?.types ?? [];
  const values: TraderRestrictionValues = {};
  for (const type of types) {
    const current = set.find((item) => item.type.slug === type.type.slug)?.values ?? {};
    values[type.type.slug] = Object.fromEntries(type.fields.map((field) => [field, current[field] ?? '']));
  }
  return values;
}

/** Where a field's message is kept: `<type>.<field>`. */
export const fieldKey = (type: string, field: string) => `${type}.${field}`;

/**
 * The calls a save makes: one `POST /trader_restriction` for each type whose values changed, trimmed, a blank sent as
 * null (all blank removes the type).
 */
export function traderRestrictionChanges(
  target: { flowId: string; traderId: string },
  types: readonly RestrictionType[],
  initial: TraderRestrictionValues,
  values: TraderRestrictionValues,
): TraderRestrictionChange[] {
  const changes: TraderRestrictionChange[] = [];
  for (const type of types) {
    const slug = type.type.slug;
    const sent: Record<string, string | null> = {};
    let changed = false;
    for (const field of type.fields) {
      const text = (values[slug]?.[field] ?? '').trim();
      sent[field] = text === '' ? null : text;
      if (text !== (initial[slug]?.[field] ?? '').trim()) changed = true;
    }
    if (changed) changes.push({ flow_uuid: target.flowId, trader_uuid: target.traderId, type: slug, values: sent });
  }
  return changes;
}

/** The server names a bad value `values.<field>` of the type that was sent; the form keys it by type. */
export function messagesOfType(type: string, fieldErrors: Record<string, string[]>): FieldMessages {
  const messages: FieldMessages = {};
  for (const [name, list] of Object.entries(fieldErrors)) {
    const field = /^values\.(.+)$/.exec(name)?.[1];
    const first = list[0];
    if (field !== undefined && first !== undefined) messages[fieldKey(type, field)] ??= first;
  }
  return messages;
}
