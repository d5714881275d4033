/** The demo month's plan (DESIGN §7): what is made when, decided before any order is made. */

export interface HistoryOptions {
  /** The history ends here (the seed's "now"); it starts `days` UTC days before. */
  until: Date;
  days: number;
  /** Random numbers in [0, 1): a seeded generator makes the same month every time. */
  random: () => number;
}

/** The banks the demo's payers pay from (a card pay-in names one, as a shop that asks its payer does), as often. */
export const payerBanks = ['sberbank', 'sberbank', 'sberbank', 'tbank', 'tbank', 'alfabank', 'vtb'] as const;
export type PayerBank = (typeof payerBanks)[number];

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

const recipients = [
  { card_number: '2200150273918846', holder: 'MARIA IVANOVA' },
  { card_number: '5536914401772093', holder: 'OLEG SMIRNOV' },
  { card_number: '2202205530647718', holder: 'NIKOLAI FEDOROV' },
];

/** How a pay-in is paid: a card of the payer's bank, or an SBP transfer (which reaches a phone of any bank). */
export type PayInMethod = { option: 'card'; bank: PayerBank } | { option: 'sbp' };

/**
 * What becomes of a planned pay-in: never paid (expired by the engine), canceled by the shop, or paid — settled by the
 * bank message the trader's phone forwards, or by the trader's hand.
 */
export type PayInFate = 'abandoned' | 'canceled' | 'message' | 'hand';

export interface PlannedPayIn {
  type: 'pay_in';
  at: number;
  amount: string;
  clientId: string;
  method: PayInMethod;
  fate: PayInFate;
  /** When the payer tells the shop it paid (the order goes in progress), if it does; ms after creation. */
  reportAfterMs: number | null;
  /** When the shop cancels (`canceled`) or the money is settled (`message`, `hand`); ms after creation. */
  nextAfterMs: number;
}

export interface PlannedPayOut {
  type: 'pay_out';
  at: number;
  amount: string;
  option: 'card' | 'sbp';
  recipient: Record<string, string>;
  /** Left untaken to expire, or taken and paid by the partner or the trader. */
  executor: 'nobody' | 'partner' | 'trader';
  takeAfterMs: number;
  payAfterMs: number;
}

export type PlannedOrder = PlannedPayIn | PlannedPayOut;

export interface PlannedDay {
  /** 00:00 UTC of the day. */
  start: number;
  orders: PlannedOrder[];
}

/** The pay-in TTL the plan is made for: a paid pay-in's money arrives well inside it (DESIGN §5, 900 s by default). */
const paidWithinMs = 12 * minute;
/** Orders are made between 06:00 and 22:30 UTC (09:00 to 01:30 in Moscow): each day's are done before the next's. */
const firstOrderMs = 6 * hour;
const orderHoursMs = 16.5 * hour;

/**
 * The demo month's orders, planned before any is made: the same start date and dice give the same month. What the
 * screens and the demo's tests rely on is made sure of by construction, not left to the draw:
 * - every day of the month has a pay-in paid by its bank's message in its morning, and a pay-out the partner pays
 *   (the day's "anchors"; every earlier order of the trader's cards is settled or expired by then, and the trader's
 *   USDT was topped up at 05:00, so the engine takes them);
 * - the month has a pay-in the payer abandons (expired by the engine) and one the shop cancels;
 * - card pay-ins name their banks from a shuffled deck of `payerBanks`, so each bank's cards get their share exactly.
 * The rest is drawn: weekdays 9 to 14 orders and weekends 5 to 8, growing over the month, at random times.
 */
export function planHistory(options: HistoryOptions): PlannedDay[] {
  const { random } = options;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let deck: PayerBank[] = [];
  const nextBank = (): PayerBank => {
    if (deck.length === 0) deck = shuffled(payerBanks, random);
    return deck.pop() as PayerBank;
  };
  const end = options.until.getTime();
  const firstDay = Date.UTC(
    options.until.getUTCFullYear(),
    options.until.getUTCMonth(),
    options.until.getUTCDate() - options.days,
  );

  const payIn = (at: number, fate: PayInFate, method?: PayInMethod): PlannedPayIn => {
    const chosen =
      method ?? (random() < 0.8 ? { option: 'card' as const, bank: nextBank() } : { option: 'sbp' as const });
    // Half the payers tell the shop they paid; the money arrives within the TTL either way.
    const reportAfterMs = between(30, 240) * second;
    const reports = random() < 0.5;
    const nextAfterMs =
      fate === 'canceled' ? between(2, 10) * minute : Math.min(reportAfterMs + between(40, 480) * second, paidWithinMs);
    return {
      type: 'pay_in',
      at,
      amount: String(between(50, 3000) * 10),
      clientId: `payer-${between(1, 40)}`,
      method: chosen,
      fate,
      reportAfterMs: reports && fate !== 'canceled' && fate !== 'abandoned' ? reportAfterMs : null,
      nextAfterMs,
    };
  };
  const payOut = (at: number, executor: PlannedPayOut['executor']): PlannedPayOut => {
    const option = random() < 0.75 ? 'card' : 'sbp';
    const recipient =
      option === 'card'
        ? pick(recipients)
        : { phone: `79${String(between(0, 999_999_999)).padStart(9, '0')}`, bank: 'T-Bank', holder: 'OLEG SMIRNOV' };
    const takeAfterMs = between(1, 12) * minute;
    return {
      type: 'pay_out',
      at,
      amount: String(between(100, 2000) * 10),
      option,
      recipient,
      executor,
      takeAfterMs,
      payAfterMs: takeAfterMs + between(3, 25) * minute,
    };
  };
  const drawnPayInFate = (): PayInFate => {
    const roll = random();
    if (roll < 0.08) return 'abandoned';
    if (roll < 0.1) return 'canceled';
    return roll < 0.14 ? 'hand' : 'message';
  };
  const drawnPayOutExecutor = (): PlannedPayOut['executor'] => {
    const roll = random();
    if (roll < 0.08) return 'nobody';
    return roll < 0.62 ? 'partner' : 'trader';
  };

  const days: PlannedDay[] = [];
  for (let index = 0; index <= options.days; index += 1) {
    const start = firstDay + index * day;
    const weekday = new Date(start).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // The shop grows over the month; weekends are quieter.
    const growth = 0.75 + (0.5 * index) / options.days;
    const drawn = Math.round((weekend ? between(5, 8) : between(9, 14)) * growth);
    const orders: PlannedOrder[] = [
      // The day's anchors: a card pay-in settled by its bank's message in the morning, a pay-out the partner pays.
      payIn(start + firstOrderMs + between(0, 150) * minute, 'message', { option: 'card', bank: nextBank() }),
      payOut(start + firstOrderMs + between(60, 300) * minute, 'partner'),
    ];
    // The month's first days also have a payer who never pays and an order the shop cancels.
    if (index === 1) orders.push(payIn(start + firstOrderMs + between(0, 600) * minute, 'abandoned'));
    if (index === 2) orders.push(payIn(start + firstOrderMs + between(0, 600) * minute, 'canceled'));
    for (let order = 2; order < drawn; order += 1) {
      const at = start + firstOrderMs + Math.floor(random() * orderHoursMs);
      orders.push(random() < 0.75 ? payIn(at, drawnPayInFate()) : payOut(at, drawnPayOutExecutor()));
    }
    days.push({ start, orders: orders.filter((order) => order.at < end).sort((a, b) => a.at - b.at) });
  }
  return days;
}

/** A copy of `list` in a random order (Fisher–Yates). */
function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
