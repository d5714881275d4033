import type {
  CreatedTerminal,
  ListData,
  Requisite,
  Terminal,
  TerminalNotification,
  TerminalStatus,
} from '@paydesk/contract';

/** Fixtures of the terminals and devices screens' tests. */

export const traderUuid = '01a201f1-0000-7000-8000-0000000007a1';
export const sberCardId = '01a201f1-0000-7000-8000-00000000c001';
export const ozonSbpId = '01a201f1-0000-7000-8000-00000000c002';
export const tbankCardId = '01a201f1-0000-7000-8000-00000000c003';

const titles: Record<TerminalStatus, string> = {
  unassigned: 'Not paired',
  moderation: 'Moderation',
  pending: 'Pending',
  enabled: 'Enabled',
  disabled: 'Disabled',
  disabled_by_admin: 'Disabled by admin',
  lost_connection: 'Lost connection',
};

let serial = 0;

/** A terminal of the trader, enabled, on the Sber card, with a paired phone; `overrides` change any of it. */
export function terminal(overrides: Partial<Terminal> & { slug?: TerminalStatus } = {}): Terminal {
  serial += 1;
  const { slug = 'enabled', ...rest } = overrides;
  return {
    guid: `01a201f1-0000-7000-8000-${String(serial).padStart(12, '0')}`,
    name: `Phone ${serial}`,
    status: { slug, title: titles[slug] },
    is_online: true,
    deposit_open: true,
    withdraw_open: false,
    user: { uuid: traderUuid, username: 'trader', email: 'trader@example.com' },
    requisites: [{ id: sberCardId, name: 'Sber card' }],
    device: {
      android_id: `android-${serial}`,
      android_version: '14',
      app_version: '1.4.2',
      device_model: 'Pixel 8',
      ip_address: '203.0.113.7',
      location: null,
      sims: [
        { carrierName: 'MTS', countryIso: 'ru', mcc: '250', mnc: '01' },
        { carrierName: 'Beeline', countryIso: 'ru', mcc: '250', mnc: '99' },
      ],
    },
    last_seen_at: '2026-03-05T07:08:09.000Z',
    created_at: '2026-03-01T07:08:09.000Z',
    auto_settle_weak: false,
    waiting_messages: 0,
    ...rest,
  };
}

export function listOf<T>(items: T[], total = items.length, page = 1, perPage = 20): ListData<T> {
  return {
    items,
    context: {
      available_filters: [],
      pagination: {
        total_count: total,
        per_page: perPage,
        current_page: page,
        page_number: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}

/** The requisites a trader picks from: only `id` and `name` matter to the terminal form. */
export function requisiteChoice(id: string, name: string): Requisite {
  return {
    id,
    name,
    is_active: true,
    user: { uuid: traderUuid, username: 'trader', is_online: true, type: 'trader' },
    currency: { code: 'RUB', name: 'Russian ruble' },
    payment_type: { slug: 'sberbank', name: 'Sberbank', image: { url: '/images/payment_types/sberbank.svg' } },
    payment_option: { slug: 'card', name: 'Bank card', attributes: [] },
    attributes: {},
    restrictions: [],
    created_at: '2026-03-05T07:08:09.000Z',
    updated_at: '2026-03-05T07:08:09.000Z',
  };
}

export const requisiteChoices = [
  requisiteChoice(sberCardId, 'Sber card'),
  requisiteChoice(ozonSbpId, 'Ozon SBP'),
  requisiteChoice(tbankCardId, 'T-Bank card'),
];

/** A pixel of PNG: what matters is that the modal shows the server's image. */
export const pairingQr =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function created(of: Terminal, code = 'K7Q-4M2-X9P'): CreatedTerminal {
  return { terminal: of, pairing_code: code, pairing_qr: pairingQr, pairing_expires_at: '2026-03-05T07:18:09.000Z' };
}

export function notification(index: number, overrides: Partial<TerminalNotification> = {}): TerminalNotification {
  return {
    id: `01a201f1-0000-7000-8000-0000000f${String(index).padStart(4, '0')}`,
    title: 'СберБанк',
    type: { slug: 'sms', title: 'SMS' },
    body: `СЧЁТ2202 10:15 Перевод ${index}00р от Ивана И. Баланс: 15000р`,
    payload: {
      operationType: { slug: 'incoming', title: 'Incoming transfer' },
      amount: `${index}00.00`,
      currency: { code: 'RUB' },
    },
    outcome: { slug: 'matched', title: 'Matched' },
    orderGuid: '01a201f1-0000-7000-8000-0000000e0001',
    received_at: '2026-03-05T07:15:09.000Z',
    app: null,
    weakly_authenticated: false,
    ...overrides,
  };
}
