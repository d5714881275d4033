import { z } from 'zod';
import { lazySchema } from './lazy';
import { listQuerySchema } from './wire';

/** SPEC §2.17 devices, §2.18 terminals, §3 Terminal/device and Terminal notification, §4, §5; DESIGN §11. */

export const terminalStatuses = [
  'unassigned',
  'moderation',
  'pending',
  'enabled',
  'disabled',
  'disabled_by_admin',
  'lost_connection',
] as const;
export type TerminalStatus = (typeof terminalStatuses)[number];

/** SPEC §4 colours: grey for disabled, pending and unassigned; warning for moderation; green enabled; error paused. */
export const terminalStatusTone: Record<TerminalStatus, 'grey' | 'warning' | 'success' | 'error'> = {
  unassigned: 'grey',
  moderation: 'warning',
  pending: 'grey',
  enabled: 'success',
  disabled: 'grey',
  disabled_by_admin: 'error',
  lost_connection: 'error',
};

const text = (max: number) => z.string().trim().max(max, { error: 'validation.too_long' });

/** What a device says of itself when it pairs and with every heartbeat (SPEC §3 device). */
export const deviceInfoSchema = lazySchema(() =>
  z
    .object({
      android_id: text(64).min(1, { error: 'validation.required' }),
      android_version: text(32).default(''),
      app_version: text(32).default(''),
      device_model: text(100).default(''),
      location: z
        .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
        .nullable()
        .default(null),
      sims: z
        .array(
          z.object({
            carrierName: text(100).default(''),
            countryIso: text(8).default(''),
            mcc: text(8).default(''),
            mnc: text(8).default(''),
          }),
        )
        .max(4)
        .default([]),
    })
    .meta({ id: 'DeviceInfo' }),
);
export type DeviceInfo = z.output<typeof deviceInfoSchema>;

const requisiteIds = lazySchema(() =>
  z
    .array(z.uuid({ error: 'terminals.errors.requisites' }), { error: 'terminals.errors.requisites' })
    .min(1, { error: 'terminals.errors.requisites' })
    .max(50, { error: 'validation.invalid' }),
);

const terminalName = lazySchema(() =>
  z
    .string({ error: 'terminals.errors.name' })
    .trim()
    .min(1, { error: 'terminals.errors.name' })
    .max(100, { error: 'validation.too_long' }),
);

/** POST /terminal (SPEC §5: 'Name can't be empty string', 'Select requisites'). */
export const terminalInputSchema = lazySchema(() => z.object({ name: terminalName, requisites: requisiteIds }));
export type TerminalInput = z.input<typeof terminalInputSchema>;

/** PUT /terminal/{guid}: the fields sent change. */
export const terminalUpdateSchema = lazySchema(() =>
  z
    .object({ name: terminalName, requisites: requisiteIds, deposit_open: z.boolean(), withdraw_open: z.boolean() })
    .partial(),
);
export type TerminalUpdate = z.input<typeof terminalUpdateSchema>;

/** PATCH /terminal/{guid}/mode/: pay_in switches deposit_open, pay_out withdraw_open. */
export const terminalModeSchema = lazySchema(() =>
  z.object({
    direction: z.enum(['pay_in', 'pay_out'], { error: 'validation.invalid' }),
    is_enabled: z.boolean({ error: 'validation.invalid' }),
  }),
);
export type TerminalMode = z.infer<typeof terminalModeSchema>;

/** PATCH /terminal/{guid}/auto-settle/: the admin's choice for weakly authenticated messages (DESIGN §19). */
export const terminalAutoSettleSchema = lazySchema(() =>
  z.object({ auto_settle_weak: z.boolean({ error: 'validation.invalid' }) }),
);
export type TerminalAutoSettle = z.infer<typeof terminalAutoSettleSchema>;

/** What matching the messages received while waiting for approval came to: how many of each outcome. */
export const waitingMatchedSchema = lazySchema(() =>
  z
    .object({
      matched: z.number().int(),
      to_confirm: z.number().int(),
      unmatched: z.number().int(),
      total: z.number().int(),
    })
    .meta({ id: 'WaitingMessagesMatched' }),
);
export type WaitingMatched = z.infer<typeof waitingMatchedSchema>;

export const terminalSchema = lazySchema(() =>
  z
    .object({
      guid: z.string(),
      name: z.string(),
      status: z.object({ slug: z.enum(terminalStatuses), title: z.string() }),
      /** A heartbeat came within the timeout. */
      is_online: z.boolean(),
      deposit_open: z.boolean(),
      withdraw_open: z.boolean(),
      user: z.object({ uuid: z.string(), username: z.string(), email: z.string().nullable() }),
      requisites: z.array(z.object({ id: z.string(), name: z.string() })),
      /** Null until a device pairs. `ip_address` is the address its last call came from. */
      device: z
        .object({
          android_id: z.string(),
          android_version: z.string(),
          app_version: z.string(),
          device_model: z.string(),
          ip_address: z.string().nullable(),
          location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
          sims: z.array(
            z.object({ carrierName: z.string(), countryIso: z.string(), mcc: z.string(), mnc: z.string() }),
          ),
        })
        .nullable(),
      last_seen_at: z.string().nullable(),
      created_at: z.string(),
      /**
       * An admin's choice (DESIGN §19): weakly authenticated messages settle their pay-ins by themselves, without the
       * trader's confirmation. Off by default.
       */
      auto_settle_weak: z.boolean(),
      /** Bank messages received while the terminal waited for an admin's approval, not matched yet. */
      waiting_messages: z.number().int(),
    })
    .meta({ id: 'Terminal' }),
);
export type Terminal = z.infer<typeof terminalSchema>;

/** The create answer: the terminal and its one-time pairing code, also as a QR image (a data URL). */
export const createdTerminalSchema = lazySchema(() =>
  z
    .object({
      terminal: terminalSchema,
      pairing_code: z.string(),
      pairing_qr: z.string(),
      pairing_expires_at: z.string(),
    })
    .meta({ id: 'CreatedTerminal' }),
);
export type CreatedTerminal = z.infer<typeof createdTerminalSchema>;

/** The answer of a deletion (the terminal, or its forwarding): the terminal's guid. */
export const terminalDeletedSchema = lazySchema(() => z.object({ guid: z.string() }));

export const terminalListQuerySchema = lazySchema(() => listQuerySchema);

/** The Android forwarding apps a terminal accepts bank messages from (DESIGN §19). */
export const forwardingApps = ['smsgate', 'smsforwarder', 'sms-gateway-webhook'] as const;
export type ForwardingApp = (typeof forwardingApps)[number];

/**
 * What came of a bank message (DESIGN §11, §19): `to_confirm` matched a pay-in but came through an app whose signature
 * does not cover the text, so it waits for its trader's confirmation; `waiting` came before an admin enabled the
 * terminal, kept for the admin to match.
 */
export const bankMessageOutcomes = [
  'matched',
  'to_confirm',
  'unmatched',
  'ambiguous',
  'ignored',
  'blocked',
  'waiting',
] as const;
export type BankMessageOutcome = (typeof bankMessageOutcomes)[number];

/**
 * GET /terminal/{guid}/notification/: a page of a terminal's bank messages, all of them or those of one outcome
 * (`filter[outcome]=waiting`: the messages received while the terminal waited for approval, DESIGN §19).
 */
export const terminalNotificationListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[outcome]': z.enum(bankMessageOutcomes, { error: 'validation.invalid' }).optional(),
  }),
);
export type TerminalNotificationListQuery = z.infer<typeof terminalNotificationListQuerySchema>;

/** SPEC §3 Terminal notification: a bank message the terminal forwarded, what was read in it and what it settled. */
export const terminalNotificationSchema = lazySchema(() =>
  z
    .object({
      id: z.string(),
      title: z.string(),
      type: z.object({ slug: z.string(), title: z.string() }),
      body: z.string(),
      payload: z
        .object({
          operationType: z.object({ slug: z.string(), title: z.string() }),
          amount: z.string(),
          currency: z.object({ code: z.string() }),
        })
        .nullable(),
      outcome: z.object({ slug: z.enum(bankMessageOutcomes), title: z.string() }),
      orderGuid: z.string().nullable(),
      received_at: z.string(),
      /** The forwarding app it came through (DESIGN §19); null for the Paydesk terminal app. */
      app: z.object({ slug: z.enum(forwardingApps), title: z.string() }).nullable(),
      /**
       * Its app's signature does not cover the text (SmsForwarder, the released SMS Gateway webhook): it settles
       * nothing by itself unless an admin let the terminal auto-settle (DESIGN §19).
       */
      weakly_authenticated: z.boolean(),
    })
    .meta({ id: 'TerminalNotification' }),
);
export type TerminalNotification = z.infer<typeof terminalNotificationSchema>;

/**
 * A weakly authenticated bank message that matched one of the trader's open pay-ins: "bank message received —
 * confirm" (DESIGN §19). The trader's confirmation settles the order.
 */
export const bankMessageToConfirmSchema = lazySchema(() =>
  z
    .object({
      id: z.string(),
      order_guid: z.string(),
      amount: z.string(),
      currency: z.string(),
      /** The sender (or the app's notification title) and the text, as received. */
      title: z.string(),
      body: z.string(),
      received_at: z.string(),
      terminal: z.object({ guid: z.string(), name: z.string() }),
      app: z.object({ slug: z.enum(forwardingApps), title: z.string() }).nullable(),
    })
    .meta({ id: 'BankMessageToConfirm' }),
);
export type BankMessageToConfirm = z.infer<typeof bankMessageToConfirmSchema>;

// The device API (DESIGN §11): bearer device token.

export const devicePairSchema = lazySchema(() =>
  z.object({
    code: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(32, { error: 'validation.invalid' }),
    device: deviceInfoSchema,
  }),
);
export type DevicePair = z.input<typeof devicePairSchema>;

export const deviceHeartbeatSchema = lazySchema(() => z.object({ device: deviceInfoSchema }));
export type DeviceHeartbeat = z.input<typeof deviceHeartbeatSchema>;

/** One bank notification as the device saw it; `id` is the device's own, unique per device. */
export const deviceNotificationSchema = lazySchema(() =>
  z.object({
    id: text(100).min(1, { error: 'validation.required' }),
    package: text(200).nullable().default(null),
    title: text(200).nullable().default(null),
    body: z.string().max(4096, { error: 'validation.too_long' }),
    /** When the phone got it: from 2000 up to a day ahead of the server (a phone's clock may be off, not by years). */
    received_at: z.iso.datetime({ offset: true, error: 'validation.invalid' }).refine(
      (value) => {
        const time = Date.parse(value);
        return time >= Date.UTC(2000, 0, 1) && time <= Date.now() + 86_400_000;
      },
      { error: 'validation.invalid' },
    ),
  }),
);
export type DeviceNotification = z.input<typeof deviceNotificationSchema>;

export const deviceNotificationsSchema = lazySchema(() =>
  z.object({
    notifications: z.array(deviceNotificationSchema).min(1, { error: 'validation.required' }).max(100),
  }),
);

export const devicePairedSchema = lazySchema(() =>
  z
    .object({ token: z.string(), terminal: z.object({ guid: z.string(), name: z.string(), status: z.string() }) })
    .meta({ id: 'DevicePaired' }),
);

export const deviceStateSchema = lazySchema(() =>
  z
    .object({ status: z.enum(terminalStatuses), deposit_open: z.boolean(), withdraw_open: z.boolean() })
    .meta({ id: 'DeviceState' }),
);

export const deviceNotificationsResultSchema = lazySchema(() =>
  z
    .object({
      /** Per notification sent, in order: new (stored now) or duplicate (stored before, nothing done again). */
      results: z.array(
        z.object({ id: z.string(), state: z.enum(['new', 'duplicate']), outcome: z.enum(bankMessageOutcomes) }),
      ),
    })
    .meta({ id: 'DeviceNotificationsResult' }),
);

/**
 * A terminal's forwarding link (DESIGN §19): the URL the trader's own SMS app posts to, the key it signs with, and for
 * each app the steps in its own settings and the template to paste (SmsForwarder's and SMS Gateway webhook's request
 * body; SMSGate's registration request).
 */
export const terminalForwardingSchema = lazySchema(() =>
  z
    .object({
      /** Empty while `url_refused` says why it is not shown. */
      url: z.string(),
      /** The URL as a QR image (a data URL), to open it on the phone; empty with the URL. */
      url_qr: z.string(),
      /**
       * Why the URL is not shown, in the request's language, and what to set instead: it would start with http://
       * on an address other than the machine's own (DESIGN §19), so the phone would send bank messages in clear text
       * (and SMSGate refuses it). Null when the URL is shown.
       */
      url_refused: z.string().nullable(),
      signing_key: z.string(),
      apps: z.array(
        z.object({
          app: z.enum(forwardingApps),
          title: z.string(),
          /** The app's own settings, step by step, in the request's language. */
          how: z.array(z.string()),
          template: z.string().optional(),
          /**
           * The app's authentication does not cover the message (SmsForwarder, the released SMS Gateway webhook): its
           * messages wait for the trader's confirmation (DESIGN §19).
           */
          weak_authentication: z.boolean(),
        }),
      ),
      created_at: z.string(),
      /** When the last message came through the link; null before the first. */
      last_message_at: z.string().nullable(),
    })
    .meta({ id: 'TerminalForwarding' }),
);
export type TerminalForwarding = z.infer<typeof terminalForwardingSchema>;

/**
 * A forwarding link as a reader who may not change it sees it (a support admin, DESIGN §3): that there is one, the app
 * its last message came through and when; never its URL (the URL holds the token) or its signing key.
 */
export const terminalForwardingSummarySchema = lazySchema(() =>
  z
    .object({
      restricted: z.literal(true),
      /** The forwarding app of the last message that came through the link; null before the first. */
      app: z.object({ slug: z.enum(forwardingApps), title: z.string() }).nullable(),
      created_at: z.string(),
      last_message_at: z.string().nullable(),
    })
    .meta({ id: 'TerminalForwardingSummary' }),
);
export type TerminalForwardingSummary = z.infer<typeof terminalForwardingSummarySchema>;

/** What `GET /terminal/{guid}/forwarding` answers: the link, its summary for a reader who may not change it, or null. */
export const terminalForwardingReadSchema = lazySchema(() =>
  z.union([terminalForwardingSchema, terminalForwardingSummarySchema]).nullable(),
);

/** What the forwarding endpoint answers an app: per message, stored now or seen before, and what came of it. */
export const forwardedResultSchema = lazySchema(() =>
  z
    .object({
      app: z.enum(forwardingApps),
      results: z.array(
        z.object({ id: z.string(), state: z.enum(['new', 'duplicate']), outcome: z.enum(bankMessageOutcomes) }),
      ),
    })
    .meta({ id: 'ForwardedResult' }),
);
