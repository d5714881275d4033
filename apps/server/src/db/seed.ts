import { parseAmount, USDT } from '@paydesk/contract';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { anyUserExists, insertUser } from '../modules/users/users.repository';
import type { Db } from './client';

export const demoPassword = 'paydesk-demo';

interface DemoUser {
  username: string;
  type: 'admin' | 'merchant' | 'partner' | 'agent' | 'trader';
  roles?: string[];
  comment: string;
  insurance?: { paid: boolean; amount: string };
}

const demoUsers: DemoUser[] = [
  { username: 'root', type: 'admin', comment: 'Root administrator' },
  { username: 'support', type: 'admin', roles: ['support'], comment: 'Support desk' },
  { username: 'merchant', type: 'merchant', comment: 'Demo shop' },
  {
    username: 'trader',
    type: 'trader',
    comment: 'Trader with insurance paid',
    insurance: { paid: true, amount: '100' },
  },
  {
    username: 'trader2',
    type: 'trader',
    comment: 'Trader with insurance due',
    insurance: { paid: false, amount: '100' },
  },
  { username: 'agent', type: 'agent', comment: 'Team lead' },
  { username: 'partner', type: 'partner', comment: 'Payment system partner' },
];

/**
 * Seeds the demo platform of DESIGN §7 into an empty database; does nothing when any user exists.
 * Returns the usernames created.
 */
export async function seedDemo(db: Db): Promise<string[]> {
  if (await anyUserExists(db)) return [];
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    for (const user of demoUsers) {
      await insertUser(
        tx,
        {
          id: newId(),
          username: user.username,
          type: user.type,
          roles: user.roles ?? [],
          passwordHash,
          comment: user.comment,
          inviteCode: null,
        },
        user.insurance && {
          insurancePaid: user.insurance.paid,
          insuranceAmountMinor: parseAmount(user.insurance.amount, USDT.ratio_fraction),
          depositOpen: true,
          withdrawOpen: true,
        },
      );
    }
  });
  return demoUsers.map((user) => user.username);
}
