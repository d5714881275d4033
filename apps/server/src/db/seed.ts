import { defaultLanguage, parseAmount, USDT } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { seedDemoTerminal } from '../demo/device';
import type { DemoTraffic } from '../demo/traffic';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { seededRandom } from '../lib/seeded-random';
import { antiFraudSettings } from '../modules/anti-fraud/anti-fraud.module';
import { seedFlow } from '../modules/flows/flows.module';
import { seedPartnerSystem } from '../modules/partners/partners.module';
import { requestWithdrawal } from '../modules/payments/payments.module';
import type { DemoChain } from '../modules/payments/sources/demo';
import { seedRequisite } from '../modules/requisites/requisites.module';
import { platformHasUsers, type SeededUser, seedUsers } from '../modules/users/users.module';
import type { Db, Tx } from './client';

export const demoPassword = 'paydesk-demo';

type DemoType = 'admin' | 'merchant' | 'partner' | 'agent' | 'trader';

interface DemoUser {
  username: string;
  type: DemoType;
  isRoot?: boolean;
  roles?: string[];
  comment: string;
  trader?: SeededUser['trader'];
  /** Fee tiers and agent links that make the demo's user screens show real settings. */
  fees?: SeededUser['fees'];
  agentLinks?: SeededUser['agentLinks'];
}

const usdt = (text: string) => parseAmount(text, USDT.ratio_fraction);

const tier = (direction: 'pay_in' | 'pay_out', min: string, max: string | null, percentage: number) => ({
  direction,
  minAmountMinor: usdt(min),
  maxAmountMinor: max === null ? null : usdt(max),
  percentageHundredths: percentage,
});
const agentLink = { agent: 'agent', payInHundredths: 50, payOutHundredths: 25 };

const demoUsers: DemoUser[] = [
  { username: 'root', type: 'admin', isRoot: true, comment: 'Root administrator' },
  { username: 'support', type: 'admin', roles: ['support'], comment: 'Support desk' },
  {
    username: 'merchant',
    type: 'merchant',
    comment: 'Demo shop',
    fees: [tier('pay_in', '0', null, 500), tier('pay_out', '0', null, 300)],
    agentLinks: [agentLink],
  },
  {
    username: 'trader',
    type: 'trader',
    comment: 'Trader with insurance paid',
    // Paid by the first demo deposit, as any trader's insurance is.
    trader: { insurancePaid: false, insuranceAmountMinor: usdt('100'), depositOpen: true, withdrawOpen: true },
    fees: [tier('pay_in', '0', '1000', 250), tier('pay_in', '1000', null, 200), tier('pay_out', '0', null, 150)],
    agentLinks: [{ ...agentLink, payInHundredths: 75, isMain: true }],
  },
  {
    username: 'trader2',
    type: 'trader',
    comment: 'Trader with insurance due',
    trader: { insurancePaid: false, insuranceAmountMinor: usdt('100'), depositOpen: true, withdrawOpen: false },
    agentLinks: [{ ...agentLink, isMain: true }],
  },
  { username: 'agent', type: 'agent', comment: 'Team lead' },
  {
    username: 'partner',
    type: 'partner',
    comment: 'Payment system partner',
    // The partner earns on what it executes, as a trader does: 1.2 % of a pay-out it pays, 1.5 % of a pay-in.
    fees: [tier('pay_in', '0', null, 150), tier('pay_out', '0', null, 120)],
  },
];

/**
 * Routing of DESIGN §7: requisites of trader (cards of four banks in several holders' names and an SBP phone, all read
 * by its phone) and of partner, the partner's payment system, and the merchant's RUB/USDT flow with both as executors
 * at a manual rate, with restrictions that show what they do.
 */
async function seedRouting(tx: Tx, ids: Map<string, string>, setUp: { createdAt?: Date; updatedAt?: Date }) {
  const id = (username: string) => ids.get(username) ?? '';
  const requisite = (
    owner: string,
    name: string,
    option: string,
    type: string,
    attributes: Record<string, string>,
  ) => ({
    id: newId(),
    userId: id(owner),
    name,
    currency: 'RUB',
    paymentOption: option,
    paymentType: type,
    attributes,
    ...setUp,
  });
  const traderCard = requisite('trader', 'Sber card', 'card', 'sberbank', {
    card_number: '4276380012345678',
    holder: 'IVAN PETROV',
  });
  const traderPhone = requisite('trader', 'T-Bank SBP', 'sbp', 'tbank', {
    phone: '79161234567',
    bank: 'T-Bank',
    holder: 'Ivan P.',
  });
  const olgaCard = requisite('trader', 'Sber MIR Olga', 'card', 'sberbank', {
    card_number: '2202203277105163',
    holder: 'OLGA SMIRNOVA',
  });
  const traderCards = [
    olgaCard,
    requisite('trader', 'T-Bank Anna', 'card', 'tbank', { card_number: '5536913820467719', holder: 'ANNA KOZLOVA' }),
    requisite('trader', 'Alfa Dmitry', 'card', 'alfabank', { card_number: '4584432911760382', holder: 'DMITRY ORLOV' }),
    requisite('trader', 'VTB Sergey', 'card', 'vtb', { card_number: '2200246033851247', holder: 'SERGEY VOLKOV' }),
  ];
  const partnerCard = requisite('partner', 'Partner card', 'card', 'alfabank', {
    card_number: '5559490012345678',
    holder: 'PAYFLOW LLC',
  });
  const restrictions = new Map<string, Parameters<typeof seedRequisite>[2]>([
    [
      traderCard.id,
      [
        { type: 'amount_range', value: { min_amount: '500', max_amount: '100000' }, isActive: true },
        // Ivan's card takes 150,000 RUB a day: the Sberbank payments beyond it go to Olga's card.
        { type: 'daily_limit', value: { max_volume: '150000', max_count: '50' }, isActive: true },
      ],
    ],
    [olgaCard.id, [{ type: 'amount_range', value: { min_amount: '500', max_amount: '50000' }, isActive: true }]],
    [traderPhone.id, [{ type: 'concurrent_orders', value: { max_open: '3' }, isActive: true }]],
  ]);
  for (const row of [traderCard, traderPhone, ...traderCards, partnerCard]) {
    await seedRequisite(tx, row, restrictions.get(row.id));
  }
  await seedPartnerSystem(tx, {
    id: newId(),
    userId: id('partner'),
    title: 'PayFlow',
    slug: 'payflow',
    paymentMethod: 'h2h',
    fiatCurrencies: ['RUB', 'KZT'],
    paymentOptions: ['card', 'sbp'],
    isActive: true,
  });
  await seedFlow(
    tx,
    {
      id: newId(),
      name: 'Demo shop RUB',
      merchantId: id('merchant'),
      fiat: 'RUB',
      crypto: 'USDT',
      isActive: true,
      rateSource: 'manual',
      manualRate: '92.5',
      ...setUp,
    },
    [
      { userId: id('trader'), executorType: 'trader', priority: 10 },
      { userId: id('partner'), executorType: 'partner', priority: 5 },
    ],
    [{ traderId: id('trader'), type: 'amount_range', values: { min_amount: '500', max_amount: '150000' } }],
  );
  await seedDemoTerminal(tx, id('trader'), [traderCard.id, traderPhone.id, ...traderCards.map((card) => card.id)]);
}

/** An address outside the platform that demo withdrawals go to. */
export const demoPayoutAddress = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

/** Days of order history a fresh demo platform starts with. */
export const demoHistoryDays = 30;

/**
 * Demo money arrives as real ledger deposits (DESIGN §7), never as inserted numbers: the merchant 6,450 USDT, the
 * trader 10,100 USDT (100 of it paying its insurance), the agent and partner a little; trader2 nothing, so it sees the
 * insurance gate. With a month of history (`month`) they arrive on its first morning, and the month's orders (and the
 * trader's top-ups) and today's first orders move them on from there. Then two withdrawals of the merchant (one sent by the simulated custody,
 * one waiting in moderation above the automatic limit) and one of the partner.
 */
async function seedMoney(
  db: Db,
  config: Config,
  demo: DemoChain,
  ids: Map<string, string>,
  month: { start: Date; run: () => Promise<unknown> } | null,
  clock: () => Date,
) {
  const id = (username: string) => ids.get(username) ?? '';
  for (const [username, amounts] of [
    ['merchant', ['4000', '2000', '450']],
    ['trader', ['10100']],
    ['agent', ['250']],
    ['partner', ['750']],
  ] as const) {
    for (const amount of amounts) await demo.depositTo(id(username), usdt(amount), { at: month?.start ?? clock() });
  }
  await month?.run();
  for (const [username, amount] of [
    ['merchant', '250'],
    ['merchant', '1200'],
    ['partner', '100'],
  ] as const) {
    await requestWithdrawal(
      db,
      config,
      id(username),
      { address: demoPayoutAddress, currency: 'USDT', amount },
      defaultLanguage,
      clock(),
    );
  }
}

/**
 * Seeds the demo platform of DESIGN §7 into an empty database; does nothing when any user exists.
 * Returns the usernames created.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  demo: DemoChain,
  traffic: DemoTraffic | null = null,
  /** The seed's "now": the month ends and today's first orders are made at it (a test fixes it; the wall clock else). */
  clock: () => Date = () => new Date(),
): Promise<string[]> {
  if (await platformHasUsers(db)) return [];
  // The order history is part of the demo traffic: with it switched off (DEMO_ORDER_SECONDS=0), balances stay exactly
  // as seeded. A month of it first (through the engine on a backdated clock), then today's first orders; the platform
  // was set up the hour before the month's first deposits.
  const history = config.DEMO_ORDER_SECONDS > 0 ? traffic : null;
  const until = clock();
  const start = new Date(
    Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate() - demoHistoryDays, 4),
  );
  const setUp = history ? { createdAt: new Date(start.getTime() - 3_600_000), updatedAt: start } : {};
  const passwordHash = await hashPassword(demoPassword);
  const ids = await db.transaction(async (tx) => {
    const created = await seedUsers(
      tx,
      demoUsers.map(({ trader, fees, agentLinks, ...user }) => ({
        user: {
          id: newId(),
          username: user.username,
          type: user.type,
          roles: user.roles ?? [],
          isRoot: user.isRoot ?? false,
          passwordHash,
          comment: user.comment,
          ...setUp,
        },
        trader,
        fees,
        agentLinks,
      })),
    );
    await seedRouting(tx, created, setUp);
    // The anti-fraud rules that watch the demo without stopping it (DESIGN §7, §13): a payer of the demo's forty who
    // orders too often, a pay-out held too long, a trader with too many disputes. The rules that would pause the
    // demo's few traders and cards by themselves (cancel streaks, payers per card) are left for the admin to try.
    for (const [key, value] of [
      ['client_orders_per_hour', '5'],
      ['payout_overdue_minutes', '60'],
      ['trader_dispute_share_percent', '50'],
    ] as const) {
      await tx.update(antiFraudSettings).set({ value }).where(eq(antiFraudSettings.key, key));
    }
    return created;
  });
  const parties = {
    merchantId: ids.get('merchant') ?? '',
    traderId: ids.get('trader') ?? '',
    partnerId: ids.get('partner') ?? '',
  };
  await seedMoney(
    db,
    config,
    demo,
    ids,
    history
      ? {
          start,
          run: async () => {
            await history.seedMonth(demo, parties, { until, days: demoHistoryDays, random: seededRandom(20_261_125) });
            await history.seedOrders(clock);
          },
        }
      : null,
    clock,
  );
  return demoUsers.map((user) => user.username);
}
