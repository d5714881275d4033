import { z } from 'zod';
import { adminRoles, userTypes } from './access';
import { lazySchema } from './lazy';

export const minPasswordLength = 6;

/** SPEC §5: passwords are trimmed and must keep at least six characters. */
export const passwordSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(minPasswordLength, { error: 'validation.password_min' })
    .max(200, { error: 'validation.too_long' }),
);

export const loginRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.too_long' }),
    password: z.string().min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_long' }),
    /** The current two-factor code, when the account has two-factor enabled. */
    code: z
      .string()
      .regex(/^\d{6}$/, { error: 'validation.two_factor_code' })
      .optional(),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const passwordChangeRequestSchema = lazySchema(() =>
  z
    .object({
      current_password: passwordSchema,
      new_password: passwordSchema,
      confirm_password: passwordSchema,
    })
    .refine((body) => body.new_password === body.confirm_password, {
      path: ['confirm_password'],
      error: 'validation.password_mismatch',
    }),
);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const currencySchema = lazySchema(() =>
  z.object({ code: z.string(), name: z.string(), ratio_fraction: z.number().int() }).meta({ id: 'Currency' }),
);

export const walletSchema = lazySchema(() =>
  z
    .object({
      name: z.string(),
      type: z.object({ slug: z.enum(['virtual', 'real']) }),
      amount: z.object({ amount: z.string(), currency: currencySchema }),
      holder: z.object({ username: z.string(), uuid: z.string(), is_root: z.boolean() }),
    })
    .meta({ id: 'Wallet' }),
);
export type Wallet = z.infer<typeof walletSchema>;

/** The Current user entity of SPEC §3, as `GET /user/current` returns it under `data.data`. */
export const currentUserSchema = lazySchema(() =>
  z
    .object({
      role: z.enum(userTypes),
      roles: z.array(z.enum(adminRoles)),
      /** The root admin (SPEC §2.10): a property of the account, whatever its username. */
      isRoot: z.boolean(),
      userId: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      isActive: z.boolean(),
      manualWithdrawal: z.boolean(),
      inviteCode: z.string().nullable(),
      comment: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      isOnline: z.boolean(),
      apiKeys: z.object({
        key: z.string().nullable(),
        secret: z.string().nullable(),
        notification: z.string().nullable(),
      }),
      ws_token: z.string(),
      createdBy: z.string().nullable(),
      is2FAEnabled: z.boolean(),
      wallets: z.array(walletSchema),
      notificationURL: z.string().nullable(),
      profile: z.object({
        insurance_paid: z.boolean(),
        insurance_payment_amount: z.object({ amount: z.string(), currency: currencySchema }).nullable(),
      }),
    })
    .meta({ id: 'CurrentUser' }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `POST /login`: the user who signed in. */
export const loginResultSchema = lazySchema(() => z.object({ user: currentUserSchema }));

export const languageSchema = lazySchema(() =>
  z.object({ code: z.string(), name: z.string(), is_default: z.boolean() }),
);
export type LanguageEntry = z.infer<typeof languageSchema>;
