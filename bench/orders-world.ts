// The world the order benchmarks run in, built in bulk (DESIGN §5, as test/orders-fixture.ts builds it for tests):
// a merchant with a 5 % pay-in fee and a 0.5 % referral agent, an active RUB/USDT flow at a manual rate of 92.5,
// and `traders` traders of equal priority, each with insurance paid, deposits and withdrawals open, a 2.5 % reward,
// `requisites` card requisites and `fundsUsdt` USDT credited from custody through the ledger (so it reconciles).
import { parseAmount, USDT } from '@paydesk/contract';
import type { App } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { newId, randomToken } from '../apps/server/src/lib/ids';
import { issueApiSecret } from '../apps/server/src/modules/account/api-keys';
import { flowExecutors, flows } from '../apps/server/src/modules/flows/flows.table';
import { platformAccount, postTransfers, userAccount } from '../apps/server/src/modules/ledger/ledger.service';
import { requisites } from '../apps/server/src/modules/requisites/requisites.table';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import { agentLinks, userFees } from '../apps/server/src/modules/users/users.table';
import { createUser } from '../apps/server/test/harness';

export interface WorldOptions {
  traders: number;
  requisites: number;
  fundsUsdt: string;
}

export interface World {
  merchant: { id: string; username: string };
  agent: { id: string; username: string };
  flowId: string;
  traders: { id: string; username: string; requisiteIds: string[] }[];
}

const tier = (userId: string, direction: 'pay_in' | 'pay_out', hundredths: number) => ({
  id: newId(),
  userId,
  direction,
  minAmountMinor: 0n,
  maxAmountMinor: null,
  percentageHundredths: hundredths,
});

const cardNumber = () => `4276${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;

export async function seedWorld(database: Database, options: WorldOptions): Promise<World> {
  const { db } = database;
  const tag = randomToken(4).toLowerCase();
  const merchant = await createUser(database, { type: 'merchant', username: `bench-merchant-${tag}` });
  const agent = await createUser(database, { type: 'agent', username: `bench-agent-${tag}` });
  await db.insert(userFees).values([tier(merchant.id, 'pay_in', 500), tier(merchant.id, 'pay_out', 300)]);
  await db
    .insert(agentLinks)
    .values({ userId: merchant.id, agentId: agent.id, payInHundredths: 50, payOutHundredths: 25 });
  const flowId = newId();
  await db.insert(flows).values({
    id: flowId,
    name: `Bench flow ${tag}`,
    merchantId: merchant.id,
    fiat: 'RUB',
    crypto: 'USDT',
    isActive: true,
    rateSource: 'manual',
    manualRate: '92.5',
  });
  const funds = parseAmount(options.fundsUsdt, USDT.ratio_fraction);
  const traders: World['traders'] = [];
  for (let start = 0; start < options.traders; start += 250) {
    const count = Math.min(250, options.traders - start);
    await db.transaction(async (tx) => {
      const batch: World['traders'] = [];
      for (let index = start; index < start + count; index += 1) {
        const user = await insertUser(
          tx,
          { id: newId(), username: `bench-trader-${tag}-${index}`, type: 'trader' },
          { insurancePaid: true, depositOpen: true, withdrawOpen: true },
        );
        batch.push({
          id: user.id,
          username: user.username,
          requisiteIds: Array.from({ length: options.requisites }, () => newId()),
        });
      }
      await tx
        .insert(userFees)
        .values(batch.flatMap((trader) => [tier(trader.id, 'pay_in', 250), tier(trader.id, 'pay_out', 150)]));
      await tx.insert(requisites).values(
        batch.flatMap((trader) =>
          trader.requisiteIds.map((id, index) => ({
            id,
            userId: trader.id,
            name: `Card ${index + 1}`,
            currency: 'RUB',
            paymentOption: 'card',
            paymentType: 'sberbank',
            attributes: { card_number: cardNumber(), holder: 'IVAN PETROV' },
          })),
        ),
      );
      await tx
        .insert(flowExecutors)
        .values(
          batch.map((trader) => ({ id: newId(), flowId, userId: trader.id, executorType: 'trader', priority: 5 })),
        );
      await postTransfers(
        tx,
        batch.map((trader) => ({
          id: newId(),
          code: 'deposit' as const,
          debit: platformAccount('custody'),
          credit: userAccount(trader.id, 'available'),
          amountMinor: funds,
        })),
        USDT.code,
      );
      traders.push(...batch);
    });
  }
  return {
    merchant: { id: merchant.id, username: merchant.username },
    agent: { id: agent.id, username: agent.username },
    flowId,
    traders,
  };
}

/** The user's API key and secret, issued as POST /user/secret_key issues them. */
export async function apiCredentials(app: App, userId: string) {
  const issued = await issueApiSecret(app.deps, userId);
  return { apiKey: issued.api_key, secret: issued.secret_key };
}
