import {
  type AttributeDefinition,
  checkRules,
  type Language,
  type PaymentOption,
  type PaymentTypeInfo,
  type Requisite,
  type RequisiteInput,
  type RequisiteUpdate,
  requisiteInputSchema,
  requisiteUpdateSchema,
  ruleMessage,
} from '@paydesk/contract';
import type { z } from 'zod';
import { type FieldMessages, firstIssueByField } from '../../../lib/formErrors';

/** What the add and edit forms hold: codes and slugs as the wire wants them, attributes by field. */
export interface RequisiteFormValues {
  name: string;
  currency: string;
  payment_option: string;
  payment_type: string;
  /** Everything typed, also for fields of an option chosen before; only the chosen option's fields are sent. */
  attributes: Record<string, string>;
  is_active: boolean;
  /** The owner an admin adds the requisite for; empty on a trader's form and on edit. */
  user_uuid: string;
}

export function emptyRequisiteValues(): RequisiteFormValues {
  return {
    name: '',
    currency: '',
    payment_option: '',
    payment_type: '',
    attributes: {},
    is_active: true,
    user_uuid: '',
  };
}

export function requisiteValuesOf(requisite: Requisite): RequisiteFormValues {
  return {
    name: requisite.name,
    currency: requisite.currency.code,
    payment_option: requisite.payment_option.slug,
    payment_type: requisite.payment_type.slug,
    attributes: { ...requisite.attributes },
    is_active: requisite.is_active,
    user_uuid: '',
  };
}

/**
 * The attribute definitions of the chosen option: from the reference list, or, while it loads, from the requisite
 * being edited when the option is still its own.
 */
export function attributeDefinitionsOf(
  options: readonly PaymentOption[],
  slug: string,
  requisite?: Requisite,
): AttributeDefinition[] {
  const option = options.find((candidate) => candidate.slug === slug);
  if (option) return option.attributes;
  return requisite?.payment_option.slug === slug ? requisite.payment_option.attributes : [];
}

/** The payment types that carry the currency and, once one is chosen, take the payment option (SPEC §2.14). */
export function paymentTypesFor(
  types: readonly PaymentTypeInfo[],
  currency: string,
  paymentOption: string,
): PaymentTypeInfo[] {
  if (currency === '') return [];
  return types.filter(
    (type) => type.currency === currency && (paymentOption === '' || type.payment_options.includes(paymentOption)),
  );
}

/** A rule list marks its field as needed when it says `required` and not `nullable`. */
export function isRequiredAttribute(definition: AttributeDefinition): boolean {
  const rules = definition.validation_rules;
  return rules.includes('required') && !rules.includes('nullable');
}

/** The attributes sent: the chosen option's fields only, trimmed, the empty ones left out. */
export function attributesPayload(
  definitions: readonly AttributeDefinition[],
  values: Record<string, string>,
): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const { field } of definitions) {
    const value = (values[field] ?? '').trim();
    if (value !== '') attributes[field] = value;
  }
  return attributes;
}

/** Field key of an attribute in the form's messages, as the server names it in a 422 (`attributes.card_number`). */
export const attributeKey = (field: string) => `attributes.${field}`;

/**
 * Each attribute against its option's rules with the contract's checker, in the user's language, so the form says
 * exactly what the server would (SPEC §5).
 */
export function checkAttributes(
  definitions: readonly AttributeDefinition[],
  values: Record<string, string>,
  language: Language,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const definition of definitions) {
    const issue = checkRules(values[definition.field] ?? '', definition);
    if (issue) messages[attributeKey(definition.field)] = ruleMessage(language, issue, definition.label);
  }
  return messages;
}

export function createBody(
  values: RequisiteFormValues,
  definitions: readonly AttributeDefinition[],
  withOwner: boolean,
): RequisiteInput {
  return {
    name: values.name,
    currency: values.currency,
    payment_option: values.payment_option,
    payment_type: values.payment_type,
    attributes: attributesPayload(definitions, values.attributes),
    ...(withOwner ? { user_uuid: values.user_uuid } : {}),
  };
}

/** The edit form sends all its fields, so the attributes always travel with the option they belong to. */
export function updateBody(values: RequisiteFormValues, definitions: readonly AttributeDefinition[]): RequisiteUpdate {
  return {
    name: values.name,
    currency: values.currency,
    payment_option: values.payment_option,
    payment_type: values.payment_type,
    attributes: attributesPayload(definitions, values.attributes),
    is_active: values.is_active,
  };
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldMessages };

export interface CheckContext {
  definitions: readonly AttributeDefinition[];
  attributes: Record<string, string>;
  language: Language;
  /** Turns the contract's message keys (`requisites.errors.name`) into the form's words. */
  translate: (key: string) => string;
}

/** The schema's messages and every attribute's; the body only when there are none. */
function checked<T>(parsed: z.ZodSafeParseResult<T>, context: CheckContext, extra: FieldMessages): Checked<T> {
  const errors: FieldMessages = {
    ...extra,
    ...(parsed.success ? {} : firstIssueByField(parsed.error.issues, context.translate)),
    ...checkAttributes(context.definitions, context.attributes, context.language),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The client checks of SPEC §5 on a new requisite; an admin must also name its owner. */
export function checkCreate(
  body: RequisiteInput,
  withOwner: boolean,
  context: CheckContext,
): Checked<z.output<typeof requisiteInputSchema>> {
  const noOwner = withOwner && !body.user_uuid;
  const parsed = requisiteInputSchema.safeParse(noOwner ? { ...body, user_uuid: undefined } : body);
  return checked(parsed, context, noOwner ? { user_uuid: context.translate('requisites.errors.owner') } : {});
}

/** The same checks on an edit: every field is sent, so a blank one is refused as on create. */
export function checkUpdate(
  body: RequisiteUpdate,
  context: CheckContext,
): Checked<z.output<typeof requisiteUpdateSchema>> {
  return checked(requisiteUpdateSchema.safeParse(body), context, {});
}
