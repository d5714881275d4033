import { z } from 'zod';
import { lazySchema } from './lazy';
import { attributeDefinitionSchema } from './reference';
import { listQuerySchema } from './wire';

/** SPEC §2.14 requisites and their restrictions; §3 Requisite, Restriction, Restriction type; §5. */

const codeText = lazySchema(() =>
  z.string({ error: 'requisites.errors.currency' }).trim().min(1, { error: 'requisites.errors.currency' }).max(10),
);

/** The attributes of a requisite: field → text, checked against its payment option's rules by the server. */
export const attributeValuesSchema = lazySchema(() =>
  z
    .record(z.string().max(50), z.string().max(500))
    .refine((values) => Object.keys(values).length <= 20, { error: 'validation.invalid' }),
);

const requisiteFields = lazySchema(() => ({
  name: z
    .string({ error: 'requisites.errors.name' })
    .trim()
    .min(1, { error: 'requisites.errors.name' })
    .max(100, { error: 'validation.too_long' }),
  currency: codeText,
  payment_option: z
    .string({ error: 'requisites.errors.payment_option' })
    .trim()
    .min(1, { error: 'requisites.errors.payment_option' })
    .max(50),
  payment_type: z
    .string({ error: 'requisites.errors.payment_type' })
    .trim()
    .min(1, { error: 'requisites.errors.payment_type' })
    .max(50),
  attributes: attributeValuesSchema,
  is_active: z.boolean(),
}));

export const requisiteInputSchema = lazySchema(() =>
  z.object({
    ...requisiteFields,
    attributes: requisiteFields.attributes.default({}),
    is_active: requisiteFields.is_active.optional(),
    /** An admin adds a requisite for a trader or a partner; a trader's own are its own. */
    user_uuid: z.uuid({ error: 'validation.invalid' }).optional(),
  }),
);
export type RequisiteInput = z.input<typeof requisiteInputSchema>;

/** PUT /requisite/{id}: the fields sent change; the admin's active dropdown sends `is_active` alone. */
export const requisiteUpdateSchema = lazySchema(() => z.object(requisiteFields).partial());
export type RequisiteUpdate = z.input<typeof requisiteUpdateSchema>;

const titled = lazySchema(() => z.object({ slug: z.string(), title: z.string() }));

export const requisiteSchema = lazySchema(() =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      is_active: z.boolean(),
      user: z.object({ uuid: z.string(), username: z.string(), is_online: z.boolean(), type: z.string() }),
      currency: z.object({ code: z.string(), name: z.string() }),
      payment_type: z.object({ slug: z.string(), name: z.string(), image: z.object({ url: z.string() }) }),
      payment_option: z.object({ slug: z.string(), name: z.string(), attributes: z.array(attributeDefinitionSchema) }),
      attributes: z.record(z.string(), z.string()),
      /** The restrictions in force, by type. */
      restrictions: z.array(z.object({ type: titled, value: z.record(z.string(), z.string().nullable()) })),
      created_at: z.string(),
      updated_at: z.string(),
    })
    .meta({ id: 'Requisite' }),
);
export type Requisite = z.infer<typeof requisiteSchema>;

const booleanFilter = lazySchema(() =>
  z
    .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
);

/** GET [/trader]/requisite: the filters of the requisites screens. */
export const requisiteListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[name]': z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
    'filter[currency]': z.string().trim().max(10).optional(),
    'filter[payment_option]': z.string().trim().max(50).optional(),
    'filter[payment_type]': z.string().trim().max(50).optional(),
    'filter[is_active]': booleanFilter,
    /** Admins: whose requisites. */
    'filter[username]': z.string().trim().max(50, { error: 'validation.too_long' }).optional(),
    'filter[user_uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    /** `all` lists every one (the terminals' requisite picker asks for up to 1000). */
    count: z
      .union([z.literal('all'), z.coerce.number().int().min(1).max(1000)])
      .transform((value) => (value === 'all' ? 1000 : value))
      .default(20),
  }),
);
export type RequisiteListQuery = z.output<typeof requisiteListQuerySchema>;

/** The restriction types of DESIGN §8, for requisites (`GET /requisite/restriction/type`) and per flow for traders. */
export const restrictionTypeSchema = lazySchema(() =>
  z
    .object({
      type: titled,
      fields: z.array(z.string()),
      /** Field → its label. */
      names: z.record(z.string(), z.string()),
      /** Field → its rules (rules.ts). */
      validation_rules: z.record(z.string(), z.array(z.string())),
    })
    .meta({ id: 'RestrictionType' }),
);
export type RestrictionType = z.infer<typeof restrictionTypeSchema>;

export const restrictionSchema = lazySchema(() =>
  z.object({
    type: z.object({ slug: z.string() }),
    value: z.record(z.string(), z.string().nullable()),
    is_active: z.boolean(),
  }),
);
export type Restriction = z.infer<typeof restrictionSchema>;

/**
 * PUT /requisite/{id}/restrictions: the whole set (SPEC §5): blank values arrive as null, and a type left out is
 * removed. A value is a decimal text or a whole number, as its type's rules say.
 */
export const restrictionsUpdateSchema = lazySchema(() =>
  z.object({
    restrictions: z
      .array(
        z.object({
          type: z.string().trim().min(1).max(50),
          value: z.record(
            z.string().max(50),
            z.preprocess(
              (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
              z.string().trim().max(40).nullable(),
            ),
          ),
          is_active: z.boolean().default(true),
        }),
      )
      .max(20)
      .refine((items) => new Set(items.map((item) => item.type)).size === items.length, {
        error: 'validation.duplicate',
      }),
  }),
);
export type RestrictionsUpdate = z.input<typeof restrictionsUpdateSchema>;
