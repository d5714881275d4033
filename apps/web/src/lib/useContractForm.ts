import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { firstIssueByField, formFailureOf } from './formErrors';

export interface ContractFormOptions<Values> {
  /** Turns the contract's message keys (`validation.address_required`) into the form's words. */
  translate: (key: string) => string;
  /** Said under the form when a failure explains nothing better (SPEC §8 fallbacks); may depend on the failure. */
  fallback: string | ((error: unknown) => string);
  /** What the schema checks when it is not the values as typed: numbers, only the changed fields, a rate left out. */
  transform?: (values: Values) => unknown;
  /** Forgets a field's message as soon as the field is edited; by default it stays until the next submit. */
  clearErrorOnChange?: boolean;
  /**
   * The fields a server message may name, shown under them; by default the keys of the initial values. `'any'` keeps
   * every message in `form.errors` under its whole path (`profile.fees.1.min_amount`), the schema's and the server's,
   * for a form that places them itself (rows of a list, an "unplaced" list).
   */
  fields?: readonly string[] | 'any';
  /** Says the general message under the form even when field messages explain a refusal. */
  failureAlongside?: boolean;
}

/**
 * A form whose values and field messages @mantine/form keeps, checked by a contract schema on submit: nothing is sent
 * while the schema refuses the values (its messages go under the fields); then the call is made, and a refusal from
 * the server lands under its fields or, failing that, under the form. A field keeps its message while it is edited,
 * until the next submit — unless `clearErrorOnChange` says otherwise.
 */
export function useContractForm<S extends z.ZodType, Values extends Record<keyof Values, unknown>>(
  schema: S,
  initialValues: Values,
  options: ContractFormOptions<Values>,
) {
  const { translate, fallback, transform, clearErrorOnChange = false, fields, failureAlongside = false } = options;
  const form = useForm<Values>({ mode: 'controlled', initialValues, clearInputErrorOnChange: clearErrorOnChange });
  const [failure, setFailure] = useState<string | null>(null);
  const serverFields = fields ?? Object.keys(initialValues);

  /** Checks the values and sends them; answers the call's result, or undefined when there was none. */
  async function submit<R>(send: (data: z.output<S>) => Promise<R>): Promise<R | undefined> {
    setFailure(null);
    const values = form.getValues();
    const parsed = schema.safeParse(transform ? transform(values) : values);
    if (!parsed.success) {
      form.setErrors(firstIssueByField(parsed.error.issues, translate, fields === 'any'));
      return undefined;
    }
    form.clearErrors();
    try {
      return await send(parsed.data);
    } catch (error) {
      const fallbackText = typeof fallback === 'string' ? fallback : fallback(error);
      const shown = formFailureOf(error, serverFields, fallbackText, failureAlongside);
      form.setErrors(shown.fields);
      setFailure(shown.general);
      return undefined;
    }
  }

  /**
   * The props of a select over a text field: an empty field shows no choice, and clearing the choice empties the
   * field, so the contract says "required" rather than "not a string".
   */
  function selectProps(field: keyof Values & string) {
    const value = form.getValues()[field];
    return {
      value: typeof value === 'string' && value !== '' ? value : null,
      onChange: (chosen: string | null) => form.setFieldValue(field, (chosen ?? '') as never),
      error: form.errors[field],
    };
  }

  return { form, failure, submit, selectProps };
}
