import { AmountFormatError, parseAmount, USDT } from '@paydesk/contract';
import { z } from 'zod';
import { depositKeyOf, isTronAddress } from './lib/tron';

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** An empty variable (`TRONGRID_URL=`) means the same as an unset one. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().optional(),
  SESSION_COOKIE_NAME: z.string().min(1).default('paydesk_session'),
  /** Sessions end after this long without a request. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** Sessions end this long after sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Marks cookies Secure; set it when Paydesk is served over HTTPS. */
  COOKIE_SECURE: booleanText,
  /** Failed sign-ins allowed per account and client address within LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins allowed from one client address, whatever the account, within the window. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seeds the demo platform into an empty embedded database. Never applies when DATABASE_URL is set. */
  DEMO: booleanText,
  TRUST_PROXY: booleanText,
  /**
   * Extended public key (xpub…) the users' USDT deposit addresses are derived from. Unset: demo mode makes its own at
   * first start; elsewhere no addresses are issued until it is set.
   */
  DEPOSIT_XPUB: unsetWhenEmpty(
    z
      .string()
      .trim()
      .optional()
      .refine(
        (value) => {
          if (value === undefined) return true;
          try {
            depositKeyOf(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be an extended public key (xpub…) without a private part' },
      ),
  ),
  /** Withdrawals above this many USDT wait for an admin even without manual_withdrawal. */
  WITHDRAWAL_AUTO_LIMIT: z
    .string()
    .default('1000')
    .refine(
      (value) => {
        try {
          return parseAmount(value, USDT.ratio_fraction) >= 0n;
        } catch (error) {
          if (error instanceof AmountFormatError) return false;
          throw error;
        }
      },
      { message: 'must be a USDT amount such as 1000 or 250.5' },
    ),
  /** TronGrid (or a compatible node) to watch deposit addresses with; unset turns the watcher off. */
  TRONGRID_URL: unsetWhenEmpty(z.string().url().optional()),
  TRONGRID_API_KEY: unsetWhenEmpty(z.string().min(1).optional()),
  /** The USDT TRC-20 contract; only transfers of this token are credited. */
  TRON_USDT_CONTRACT: z
    .string()
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')
    .refine(isTronAddress, { message: 'must be a TRON address' }),
  /** How often the watcher reads the deposit addresses. */
  DEPOSIT_POLL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Demo mode: a simulated deposit to a random demo user this often; 0 turns it off. */
  DEMO_DEPOSIT_SECONDS: z.coerce.number().int().min(0).default(90),
  /** Demo mode: approved withdrawals are "sent" on a simulated chain after this many seconds. */
  DEMO_SEND_SECONDS: z.coerce.number().int().min(1).default(5),
});

export type Config = z.infer<typeof configSchema> & {
  demo: boolean;
  /** WITHDRAWAL_AUTO_LIMIT in USDT minor units. */
  withdrawalAutoLimitMinor: bigint;
};

/** Parses the environment once; a wrong value stops the process with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    demo: config.DATABASE_URL === undefined && config.DEMO !== false,
    withdrawalAutoLimitMinor: parseAmount(config.WITHDRAWAL_AUTO_LIMIT, USDT.ratio_fraction),
  };
}
