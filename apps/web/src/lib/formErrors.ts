import { useState } from 'react';
import type { z } from 'zod';
import { isApiError } from './http';

/** Messages shown under a form's fields, by field name. */
export type FieldMessages = Record<string, string>;

/**
 * The first message of each top-level field among a contract schema's issues. The messages are the contract's
 * i18n keys (`validation.address_required`), passed through `translate` (the form's `t`).
 */
export function firstIssueByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  translate: (key: string) => string = (key) => key,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
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
 * form's own fields go under them; a message for any other field says more than the general one and takes its
 * place; the general `localized_message` (or `fallback`) is shown only when nothing else explains the failure.
 */
export function formFailureOf(error: unknown, formFields: readonly string[], fallback: string): FormFailure {
  if (!isApiError(error)) return { fields: {}, general: fallback };
  const fields: FieldMessages = {};
  let other: string | null = null;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (first === undefined) continue;
    if (formFields.includes(field)) fields[field] ??= first;
    else other ??= first;
  }
  const explained = Object.keys(fields).length > 0;
  const general = other ?? (explained ? null : (error.localizedMessage ?? fallback));
  return { fields, general };
}

export interface SchemaSubmitOptions {
  /** Turns the contract's message keys (`validation.address_required`) into the form's words. */
  translate: (key: string) => string;
  /** Said under the form when a failure explains nothing better (SPEC §8 fallbacks). */
  fallback: string;
}

/**
 * The submit of a form the contract validates: the schema checks the values first and nothing is sent while it
 * refuses them (its messages go under the fields); then the call is made, and a refusal from the server lands under
 * its fields or, failing that, under the form. `submit` answers the call's result, or undefined when there was none.
 */
export function useSchemaSubmit<S extends z.ZodType>(
  schema: S,
  fields: readonly string[],
  { translate, fallback }: SchemaSubmitOptions,
) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit<R>(values: unknown, send: (data: z.output<S>) => Promise<R>): Promise<R | undefined> {
    setFailure(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues, translate));
      return undefined;
    }
    setErrors({});
    try {
      return await send(parsed.data);
    } catch (error) {
      const shown = formFailureOf(error, fields, fallback);
      setErrors(shown.fields);
      setFailure(shown.general);
      return undefined;
    }
  }

  /** Forgets a field's message while the user edits the field. */
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  return { errors, failure, submit, clearError };
}
