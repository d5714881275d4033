import type { Restriction, RestrictionsUpdate, RestrictionType } from '@paydesk/contract';

/** What the restrictions form holds: type slug → field → text as typed. */
export type RestrictionValues = Record<string, Record<string, string>>;

/** The form's starting texts: the restrictions in force, a missing or null value as an empty field. */
export function restrictionValuesOf(
  types: readonly RestrictionType[],
  restrictions: readonly Restriction[],
): RestrictionValues {
  const values: RestrictionValues = {};
  for (const type of types) {
    const current = restrictions.find((restriction) => restriction.type.slug === type.type.slug)?.value ?? {};
    values[type.type.slug] = Object.fromEntries(type.fields.map((field) => [field, current[field] ?? '']));
  }
  return values;
}

/** Field key of a value in the form's messages, as the server names it in a 422. */
export const restrictionKey = (type: string, field: string) => `restrictions.${type}.${field}`;

/**
 * The body of `PUT /requisite/{id}/restrictions` (SPEC §5): values trimmed, a blank one sent as null, a type whose
 * values are all blank left out (which removes it), and every one sent active.
 */
export function restrictionsBody(types: readonly RestrictionType[], values: RestrictionValues): RestrictionsUpdate {
  const restrictions: RestrictionsUpdate['restrictions'] = [];
  for (const type of types) {
    const slug = type.type.slug;
    const value: Record<string, string | null> = {};
    for (const field of type.fields) {
      const text = (values[slug]?.[field] ?? '').trim();
      value[field] = text === '' ? null : text;
    }
    if (Object.values(value).every((text) => text === null)) continue;
    restrictions.push({ type: slug, value, is_active: true });
  }
  return { restrictions };
}
