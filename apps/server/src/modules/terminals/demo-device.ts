import { formatAmount } from '@paydesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { newId, randomToken, sha256 } from '../../lib/ids';
import type { OrderDeps } from '../orders/orders.service';
import { type MessageResult, receiveBankMessages } from './bank-messages/settle';
import * as repo from './terminals.repository';
import { type DeviceDetails, terminalRequisites, terminals } from './terminals.table';

/** The simulated phone of demo mode: known by this android id, it is never a real device. */
export const demoAndroidId = 'demo-pixel-7';

const demoDevice: DeviceDetails = {
  android_id: demoAndroidId,
  android_version: '14',
  app_version: '1.4.2',
  device_model: 'Google Pixel 7 (demo)',
  location: { latitude: 55.7558, longitude: 37.6173 },
  sims: [{ carrierName: 'MTS', countryIso: 'ru', mcc: '250', mnc: '01' }],
};

/** A paired, approved terminal of the demo trader on its requisites: its token is thrown away, nobody needs it. */
export async function seedDemoTerminal(tx: Executor, traderId: string, requisiteIds: string[]) {
  const id = newId();
  await repo.insertTerminal(tx, {
    id,
    userId: traderId,
    name: 'Pixel 7',
    status: 'enabled',
    depositOpen: true,
    withdrawOpen: false,
    tokenHash: sha256(randomToken(32)),
    device: demoDevice,
    ipAddress: '10.0.0.7',
    lastSeenAt: new Date(),
    approvedAt: new Date(),
  });
  await repo.replaceRequisites(tx, id, requisiteIds);
}

/** The demo phone's heartbeat (a demo job): alive, and back to work if it had lost its connection. */
export async function demoHeartbeat(db: Db) {
  await db
    .update(terminals)
    .set({
      lastSeenAt: new Date(),
      status: sql`case when ${terminals.status} = 'lost_connection' then 'enabled' else ${terminals.status} end`,
    })
    .where(sql`${terminals.device}->>'android_id' = ${demoAndroidId} and ${terminals.deletedAt} is null`);
}

const hhmm = (date: Date) => date.toISOString().slice(11, 16);
const rub = (minor: bigint) => formatAmount(minor / 100n, 0).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** The message the requisite's bank sends when a payer pays to it: Sberbank's SMS, T-Bank's push. */
function bankMessageFor(paymentType: string, attributes: Record<string, string>, amountMinor: bigint) {
  const now = new Date();
  const tail = (attributes.card_number ?? attributes.phone ?? '').slice(-4);
  if (paymentType === 'tbank') {
    return {
      package: 'com.idamob.tinkoff.android',
      title: 'T-Bank',
      body: `Пополнение, счет RUB. ${rub(amountMinor)} ₽. Анна К. Доступно 48 210,50 ₽`,
    };
  }
  return {
    package: null,
    title: '900',
    body: `MIR-${tail} ${hhmm(now)} Зачисление ${rub(amountMinor)}р от Анна К. Баланс: 48 210.50р`,
  };
}

/**
 * The demo phone reads the bank's message of a paid demo pay-in and forwards it, through the same code a real device's
 * batch goes through. Null when no enabled demo terminal reads the order's requisite.
 */
export async function forwardDemoPayment(
  deps: OrderDeps,
  order: { requisiteId: string | null; fiatAmountMinor: bigint; paymentType: string | null },
  attributes: Record<string, string>,
): Promise<MessageResult | null> {
  if (!order.requisiteId) return null;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ terminal: terminals })
      .from(terminals)
      .innerJoin(terminalRequisites, eq(terminalRequisites.terminalId, terminals.id))
      .where(
        and(
          eq(terminalRequisites.requisiteId, order.requisiteId ?? ''),
          inArray(terminals.status, ['enabled', 'lost_connection']),
          sql`${terminals.device}->>'android_id' = ${demoAndroidId}`,
        ),
      )
      .limit(1)
      .for('update', { of: terminals });
    if (!row) return null;
    const message = bankMessageFor(order.paymentType ?? '', attributes, order.fiatAmountMinor);
    const [result] = await receiveBankMessages(deps, tx, row.terminal, [
      { id: `demo-${newId()}`, received_at: new Date().toISOString(), ...message },
    ]);
    return result ?? null;
  });
}
