import { z } from 'zod';
import { lazySchema } from './lazy';
import { currencySchema } from './session';

/** Reference data of DESIGN §8: fiat currencies, payment options with their attributes, payment types (banks). */

export const fiatCurrencySchema = lazySchema(() => currencySchema);

/** One attribute of a payment option: what a requisite of that option holds (a card number, a phone, a BIK). */
export const attributeDefinitionSchema = lazySchema(() =>
  z.object({
    field: z.string(),
    /** The label shown on forms and in details, in the language asked for. */
    label: z.string(),
    /** Rules of the generic rule language (SPEC §5, rules.ts). */
    validation_rules: z.array(z.string()),
    /** How a value looks, for a `regex` rule's message and as the field's placeholder. */
    mask: z.string().nullable(),
    /** The attribute that names the holder of the card or account (the "holder" of the payment details). */
    is_holder: z.boolean(),
  }),
);
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

export const paymentOptionSchema = lazySchema(() =>
  z
    .object({
      slug: z.string(),
      name: z.string(),
      attributes: z.array(attributeDefinitionSchema),
    })
    .meta({ id: 'PaymentOption' }),
);
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const paymentTypeSchema = lazySchema(() =>
  z
    .object({
      slug: z.string(),
      name: z.string(),
      /** The fiat currency whose payments it carries. */
      currency: z.string(),
      /** The payment options it accepts (a bank takes cards, SBP, accounts). */
      payment_options: z.array(z.string()),
      image: z.object({ url: z.string() }),
    })
    .meta({ id: 'PaymentType' }),
);
export type PaymentTypeInfo = z.infer<typeof paymentTypeSchema>;

/** `GET /payment_type`: all of them (`count=all`), or those of one currency. */
export const paymentTypeQuerySchema = lazySchema(() =>
  z.object({
    count: z.literal('all').optional(),
    'filter[currency]': z.string().trim().max(10).optional(),
  }),
);
