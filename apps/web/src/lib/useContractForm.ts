import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { firstIssueByField, formFailureOf, type SchemaSubmitOptions } from './formErrors';

/**
 * A form whose values and field messages @mantine/form keeps, checked by a contract schema on submit: nothing is sent
 * while the schema refuses the values (its messages go under the fields); then the call is made, and a refusal from
 * the server lands under its fields or, failing that, under the form. A field keeps its message while it is edited,
 * as the forms of `useSchemaSubmit` do, until the next submit.
 */
export function useContractForm<S extends z.ZodType, Values extends Record<string, unknown>>(
  schema: S,
  initialValues: Values,
  { translate, fallback }: SchemaSubmitOptions,
) {
  const form = useForm<Values>({ mode: 'controlled', initialValues, clearInputErrorOnChange: false });
  const [failure, setFailure] = useState<string | null>(null);
  const fields = Object.keys(initialValues);

  /** Checks the values and sends them; answers the call's result, or undefined when there was none. */
  async function submit<R>(send: (data: z.output<S>) => Promise<R>): Promise<R | undefined> {
    setFailure(null);
    const parsed = schema.safeParse(form.getValues());
    if (!parsed.success) {
      form.setErrors(firstIssueByField(parsed.error.issues, translate));
      return undefined;
    }
    form.clearErrors();
    try {
      return await send(parsed.data);
    } catch (error) {
      const shown = formFailureOf(error, fields, fallback);
      form.setErrors(shown.fields);
      setFailure(shown.general);
      return undefined;
    }
  }

  return { form, failure, submit };
}
