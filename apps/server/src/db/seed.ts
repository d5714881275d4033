import { defaultLanguage, parseAmount, USDT } from '@paydesk/contract';
import type { MoneyServices } from '../app';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import {
  anyUserExists,
  insertUser,
  type NewTraderProfile,
  replaceAgentLinks,
  replaceFees,
} from '../modules/users/users.repository';
import type { Db, Tx } from './client';

export const demoPassword = 'paydesk-demo';

type DemoType = 'admin' | 'merchant' | 'partner' | 'agent' | 'trader';

interface DemoUser {
  username: string;
  type: DemoType;
  roles?: string[];
  comment: string;
  trader?: NewTraderProfile;
}

const usdt = (text: string) => parseAmount(text, USDT.ratio_fraction);

const demoUsers: DemoUser[] = [
  { username: 'root', type: 'admin', comment: 'Root administrator' },
  { username: 'support', type: 'admin', roles: ['support'], comment: 'Support desk' },
  { username: 'merchant', type: 'merchant', comment: 'Demo shop' },
  {
    username: 'trader',
    type: 'trader',
    comment: 'Trader with insurance paid',
    // Paid by the first demo deposit, as any trader's insurance is.
    trader: { insurancePaid: false, insuranceAmountMinor: usdt('100'), depositOpen: true, withdrawOpen: true },
  },
  {
    username: 'trader2',
    type: 'trader',
    comment: 'Trader with insurance due',
    trader: { insurancePaid: false, insuranceAmountMinor: usdt('100'), depositOpen: true, withdrawOpen: false },
  },
  { username: 'agent', type: 'agent', comment: 'Team lead' },
  { username: 'partner', type: 'partner', comment: 'Payment system partner' },
];

/** Fee tiers and agent links that make the demo's user screens show real settings. */
async function seedRelations(tx: Tx, ids: Map<string, string>) {
  const id = (username: string) => ids.get(username) ?? '';
  const tier = (direction: 'pay_in' | 'pay_out', min: string, max: string | null, percentage: number) => ({
    id: newId(),
    direction,
    minAmountMinor: usdt(min),
    maxAmountMinor: max === null ? null : usdt(max),
    percentageHundredths: percentage,
  });
  await replaceFees(tx, id('merchant'), [tier('pay_in', '0', null, 500), tier('pay_out', '0', null, 300)]);
  await replaceFees(tx, id('trader'), [
    tier('pay_in', '0', '1000', 250),
    tier('pay_in', '1000', null, 200),
    tier('pay_out', '0', null, 150),
  ]);
  const agentLink = { agentId: id('agent'), payInHundredths: 50, payOutHundredths: 25 };
  await replaceAgentLinks(tx, id('merchant'), [agentLink]);
  await replaceAgentLinks(tx, id('trader'), [{ ...agentLink, payInHundredths: 75, isMain: true }]);
  await replaceAgentLinks(tx, id('trader2'), [{ ...agentLink, isMain: true }]);
}

/** An address outside the platform that demo withdrawals go to. */
export const demoPayoutAddress = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

/**
 * Demo money arrives as real ledger deposits (DESIGN §7), never as inserted numbers: the merchant ends with 5,000 USDT
 * available after two withdrawals (one sent by the simulated custody, one waiting in moderation above the automatic
 * limit), the trader with 10,000 USDT and its 100 USDT insurance paid, the agent and partner with a little; trader2
 * gets nothing and sees the insurance gate.
 */
async function seedMoney(money: MoneyServices, ids: Map<string, string>) {
  const { demo, payments } = money;
  if (!demo) return;
  const id = (username: string) => ids.get(username) ?? '';
  for (const [username, amounts] of [
    ['merchant', ['4000', '2000', '450']],
    ['trader', ['10100']],
    ['agent', ['250']],
    ['partner', ['750']],
  ] as const) {
    for (const amount of amounts) await demo.depositTo(id(username), usdt(amount));
  }
  for (const [username, amount] of [
    ['merchant', '250'],
    ['merchant', '1200'],
    ['partner', '100'],
  ] as const) {
    await payments.requestWithdrawal(
      id(username),
      { address: demoPayoutAddress, currency: 'USDT', amount },
      defaultLanguage,
    );
  }
}

/**
 * Seeds the demo platform of DESIGN §7 into an empty database; does nothing when any user exists.
 * Returns the usernames created.
 */
export async function seedDemo(db: Db, money: MoneyServices): Promise<string[]> {
  if (await anyUserExists(db)) return [];
  const passwordHash = await hashPassword(demoPassword);
  const ids = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const user of demoUsers) {
      const row = await insertUser(
        tx,
        {
          id: newId(),
          username: user.username,
          type: user.type,
          roles: user.roles ?? [],
          passwordHash,
          comment: user.comment,
        },
        user.trader,
      );
      ids.set(user.username, row.id);
    }
    await seedRelations(tx, ids);
  });
  await seedMoney(money, ids);
  return demoUsers.map((user) => user.username);
}
