/**
 * The generic rule language of SPEC §5 for the attributes of requisites and the values of restrictions: a list of
 * rules per field, such as `['required', 'string', 'digits:16']`. One checker, used by the server and by the web's
 * forms, and one set of messages in English and Russian, so a refusal reads the same wherever it is made.
 *
 * - `required`: not empty after trimming; `nullable`: an empty value passes every other rule;
 * - `string`: a text; `max:N` / `min:N`: at most / at least N characters;
 * - `digits:N`: only digits, exactly N of them; `regex:PATTERN`: matches the whole pattern (its `mask` says how the
 *   value should look); `in:a,b,c`: one of the listed values.
 */
import type { Language } from './constants';

export type RuleName = 'required' | 'string' | 'max' | 'min' | 'digits' | 'digits_count' | 'regex' | 'in';

/** Why a value breaks its rules, with what the message needs. */
export interface RuleIssue {
  rule: RuleName;
  params: { n?: number; mask?: string; list?: string };
}

export interface RuleField {
  /** The field's name as shown to the user, in the language of the message. */
  label: string;
  validation_rules: readonly string[];
  /** How a value of a `regex` rule looks, shown in its message (for example "10 to 15 digits"). */
  mask?: string | null | undefined;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function parseRule(rule: string): { name: string; argument: string } {
  const colon = rule.indexOf(':');
  return colon < 0 ? { name: rule, argument: '' } : { name: rule.slice(0, colon), argument: rule.slice(colon + 1) };
}

/** The first rule the value breaks, or null when it keeps them all. Unknown rules are a programming error. */
export function checkRules(value: unknown, field: Pick<RuleField, 'validation_rules' | 'mask'>): RuleIssue | null {
  const rules = field.validation_rules.map(parseRule);
  const names = new Set(rules.map((rule) => rule.name));
  if (isBlank(value)) {
    return names.has('required') && !names.has('nullable') ? { rule: 'required', params: {} } : null;
  }
  if (typeof value !== 'string') return { rule: 'string', params: {} };
  const text = value.trim();
  for (const { name, argument } of rules) {
    const n = Number(argument);
    switch (name) {
      case 'required':
      case 'nullable':
      case 'string':
        break;
      case 'max':
        if ([...text].length > n) return { rule: 'max', params: { n } };
        break;
      case 'min':
        if ([...text].length < n) return { rule: 'min', params: { n } };
        break;
      case 'digits':
        if (!/^\d+$/.test(text)) return { rule: 'digits', params: {} };
        if (text.length !== n) return { rule: 'digits_count', params: { n } };
        break;
      case 'regex':
        if (!new RegExp(`^(?:${argument})$`, 'u').test(text)) {
          return { rule: 'regex', params: { mask: field.mask ?? argument } };
        }
        break;
      case 'in': {
        const list = argument.split(',').map((item) => item.trim());
        if (!list.includes(text)) return { rule: 'in', params: { list: list.join(', ') } };
        break;
      }
      default:
        throw new Error(`unknown validation rule ${name}`);
    }
  }
  return null;
}

/** The messages of SPEC §5 ("min" says what it means: at least N characters). */
export const ruleMessages: Record<Language, Record<RuleName, string>> = {
  en: {
    required: '{field} is required',
    string: '{field} must be a string',
    max: '{field} must not exceed {n} characters',
    min: '{field} must be at least {n} characters',
    digits: '{field} must contain only digits',
    digits_count: '{field} must have exactly {n} digits',
    regex: '{field} must be like {mask}',
    in: '{field} must be in list: {list}',
  },
  ru: {
    required: 'Поле «{field}» обязательно',
    string: 'Поле «{field}» должно быть строкой',
    max: 'Поле «{field}» не должно превышать {n} символов',
    min: 'Поле «{field}» должно содержать не менее {n} символов',
    digits: 'Поле «{field}» должно содержать только цифры',
    digits_count: 'Поле «{field}» должно содержать ровно {n} цифр',
    regex: 'Поле «{field}» должно быть в формате {mask}',
    in: 'Поле «{field}» должно быть одним из: {list}',
  },
};

export function ruleMessage(language: Language, issue: RuleIssue, label: string): string {
  const values: Record<string, string> = { field: label };
  for (const [key, value] of Object.entries(issue.params)) values[key] = String(value);
  return ruleMessages[language][issue.rule].replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** Checks every field of a record; the messages of the fields that fail, by field. */
export function checkRecord(
  values: Record<string, unknown>,
  fields: Record<string, RuleField>,
  language: Language,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const issue = checkRules(values[name], field);
    if (issue) errors[name] = ruleMessage(language, issue, field.label);
  }
  return errors;
}
