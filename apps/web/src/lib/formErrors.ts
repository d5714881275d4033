import { isApiError } from './http';

/** Messages shown under a form's fields, by field name. */
export type FieldMessages = Record<string, string>;

/**
 * The first message of each top-level field among a contract schema's issues — or, with `wholePaths`, of each whole
 * path as the server names it (`profile.fees.1.min_amount`). The messages are the contract's i18n keys
 * (`validation.address_required`), passed through `translate` (the form's `t`).
 */
export function firstIssueByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  translate: (key: string) => string = (key) => key,
  wholePaths = false,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of issues) {
    const field = wholePaths ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    messages[field] ??= translate(issue.message);
  }
  return messages;
}

export interface FormFailure {
  /** Server messages (already localized) for the form's own fields, shown under them. */
  fields: FieldMessages;
  /** One message for the whole form, or null when the field messages say it all. */
  general: string | null;
}

/**
 * Splits a failed call into what a form shows (SPEC §8: the server's localized words, in red). Messages for the
 * form's own fields go under them (`'any'`: every field is the form's, and it places them itself); a message for any
 * other field says more than the general one and takes its place; the general `localized_message` (or `fallback`) is
 * shown only when nothing else explains the failure — or, with `alongside`, beside the field messages as well.
 */
export function formFailureOf(
  error: unknown,
  formFields: readonly string[] | 'any',
  fallback: string,
  alongside = false,
): FormFailure {
  if (!isApiError(error)) return { fields: {}, general: fallback };
  const fields: FieldMessages = {};
  let other: string | null = null;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (first === undefined) continue;
    if (formFields === 'any' || formFields.includes(field)) fields[field] ??= first;
    else other ??= first;
  }
  const explained = !alongside && Object.keys(fields).length > 0;
  const general = other ?? (explained ? null : (error.localizedMessage ?? fallback));
  return { fields, general };
}
