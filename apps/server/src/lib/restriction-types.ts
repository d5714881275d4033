import { checkRules, type Language, parseAmount, type RestrictionType, ruleMessage } from '@paydesk/contract';

/**
 * Restriction types (DESIGN §8), the part requisites and flows share: how a type is described, shown and checked.
 * Each module keeps its own list (requisites' restriction-types.ts, flows' trader-restriction-types.ts), and each type
 * is known to the matcher of the order engine, which enforces every field it has; a restriction shown on a screen and
 * ignored by the matcher would be a bug. Amounts are fiat of the requisite's (or flow's) currency, as decimal text;
 * counts are whole numbers; blank means no limit.
 */
/** A text in each language. */
type Localized = Record<Language, string>;

export interface RestrictionTypeDefinition {
  slug: string;
  title: Localized;
  fields: { name: string; label: Localized; kind: 'amount' | 'count' | 'options' }[];
  /** Field pairs where the first may not exceed the second. */
  ordered?: [string, string];
}

const masks: Record<'amount' | 'count' | 'options', Localized> = {
  amount: { en: 'an amount such as 1500 or 1500.50', ru: 'сумма, например 1500 или 1500.50' },
  count: { en: 'a whole number', ru: 'целое число' },
  options: { en: 'payment options separated by commas', ru: 'способы оплаты через запятую' },
};

/** The rules of a field in the rule language; amounts take at most the currency's decimals. */
export function fieldRules(kind: 'amount' | 'count' | 'options', fraction = 2, optionSlugs: readonly string[] = []) {
  if (kind === 'count') return ['nullable', 'string', 'regex:\\d{1,9}'];
  if (kind === 'options') {
    const one = optionSlugs.map((slug) => slug.replace(/[^a-z0-9_]/g, '')).join('|');
    return ['nullable', 'string', `regex:(${one})(\\s*,\\s*(${one}))*`];
  }
  return ['nullable', 'string', fraction > 0 ? `regex:\\d{1,12}(\\.\\d{1,${fraction}})?` : 'regex:\\d{1,12}'];
}

/** `GET …/restriction/type`: the types with labels in the language asked for and their rules. */
export function restrictionTypeViews(
  definitions: readonly RestrictionTypeDefinition[],
  language: Language,
  optionSlugs: readonly string[] = [],
): RestrictionType[] {
  return definitions.map((definition) => ({
    type: { slug: definition.slug, title: definition.title[language] },
    fields: definition.fields.map((field) => field.name),
    names: Object.fromEntries(definition.fields.map((field) => [field.name, field.label[language]])),
    validation_rules: Object.fromEntries(
      definition.fields.map((field) => [field.name, fieldRules(field.kind, 2, optionSlugs)]),
    ),
  }));
}

/** Checks one restriction's values; the localized messages by field (`<type>.<field>`), none when all is well. */
export function restrictionValueErrors(
  definition: RestrictionTypeDefinition,
  value: Record<string, string | null>,
  language: Language,
  options: { fraction: number; optionSlugs?: readonly string[]; prefix: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(definition.fields.map((field) => field.name));
  for (const name of Object.keys(value)) {
    if (!known.has(name))
      errors[`${options.prefix}.${name}`] = ruleMessage(
        language,
        { rule: 'in', params: { list: [...known].join(', ') } },
        name,
      );
  }
  for (const field of definition.fields) {
    const issue = checkRules(value[field.name] ?? null, {
      validation_rules: fieldRules(field.kind, options.fraction, options.optionSlugs),
      mask: masks[field.kind][language],
    });
    if (issue) errors[`${options.prefix}.${field.name}`] = ruleMessage(language, issue, field.label[language]);
  }
  const [low, high] = definition.ordered ?? [];
  if (low && high && !errors[`${options.prefix}.${low}`] && !errors[`${options.prefix}.${high}`]) {
    const lowValue = value[low];
    const highValue = value[high];
    if (lowValue && highValue && parseAmount(lowValue, options.fraction) > parseAmount(highValue, options.fraction)) {
      errors[`${options.prefix}.${high}`] =
        language === 'ru' ? 'Максимум не может быть меньше минимума' : 'The maximum cannot be below the minimum';
    }
  }
  return errors;
}

/** Only the fields of the type, trimmed, blanks as null; null when nothing is left (the restriction is dropped). */
export function normalizedValue(
  definition: RestrictionTypeDefinition,
  value: Record<string, string | null>,
): Record<string, string | null> | null {
  const kept = Object.fromEntries(
    definition.fields.map((field) => {
      const text = value[field.name]?.trim();
      return [field.name, text ? text : null];
    }),
  );
  return Object.values(kept).some((text) => text !== null) ? kept : null;
}
