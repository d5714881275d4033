import type { PartnerSystem, PartnerSystemCreate } from '@paydesk/contract';

/** What the create and edit form holds; the user and the slug only matter on create. */
export interface PartnerFormValues {
  user_uuid: string;
  title: string;
  slug: string;
  payment_method: string;
  fiat_currencies: string[];
  payment_options: string[];
  is_active: boolean;
}

/** The fields of the edit form, where a server message for any of them is shown under it. */
export const editFields = ['title', 'payment_method', 'fiat_currencies', 'payment_options', 'is_active'] as const;
export const createFields = ['user_uuid', 'slug', ...editFields] as const;

/** A new system starts active, like the contract's default. */
export const emptyPartnerForm: PartnerFormValues = {
  user_uuid: '',
  title: '',
  slug: '',
  payment_method: '',
  fiat_currencies: [],
  payment_options: [],
  is_active: true,
};

export function formValuesOf(system: PartnerSystem): PartnerFormValues {
  return {
    user_uuid: system.user.uuid,
    title: system.partner.title,
    slug: system.partner.slug,
    payment_method: system.payment_method,
    fiat_currencies: [...system.fiat_currencies],
    payment_options: system.payment_options.map((option) => option.slug),
    is_active: system.is_active,
  };
}

/** The create body before the contract checks (and trims, and lowercases the slug). */
export function createInput(values: PartnerFormValues): PartnerSystemCreate {
  return { ...values, fiat_currencies: [...values.fiat_currencies], payment_options: [...values.payment_options] };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** Whether the edit form holds anything new: blanks around texts and the order of the lists do not count. */
export function hasChanges(initial: PartnerFormValues, values: PartnerFormValues): boolean {
  return (
    values.title.trim() !== initial.title ||
    values.payment_method.trim() !== initial.payment_method ||
    !sameSet(values.fiat_currencies, initial.fiat_currencies) ||
    !sameSet(values.payment_options, initial.payment_options) ||
    values.is_active !== initial.is_active
  );
}

/**
 * The edit body: every field the form edits, not only the changed ones. The contract's update schema is the create
 * schema made partial, and its defaults survive that (`fiat_currencies` and `payment_options` [], `is_active` true):
 * a body without them would read as "no currencies, no options, active" on a server that parses it with the schema.
 */
export function editBody(values: PartnerFormValues) {
  return {
    title: values.title,
    payment_method: values.payment_method,
    fiat_currencies: [...values.fiat_currencies],
    payment_options: [...values.payment_options],
    is_active: values.is_active,
  };
}

const slugMaxLength = 50;

/**
 * The slug a title suggests while the operator has not typed one: Latin letters and digits, lowercase, words joined
 * by dashes ("Fast Pay RU" gives "fast-pay-ru"). A title without Latin letters or digits suggests nothing.
 */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, slugMaxLength)
    .replace(/-+$/, '');
}
