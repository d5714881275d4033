import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { newId, randomToken, sha256 } from '../lib/ids';
import { engineTime, type OrderDeps, orders } from '../modules/orders/orders.module';
import {
  type DeviceDetails,
  type MessageResult,
  placeTerminal,
  receiveBankMessages,
  terminalRequisites,
  terminals,
} from '../modules/terminals/terminals.module';

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
  await placeTerminal(
    tx,
    {
      id: newId(),
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
    },
    requisiteIds,
  );
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
/** Roubles as the banks write them: groups of three, and kopecks after `point` when there are any (or always). */
function rubles(minor: bigint, point: ',' | '.', group = ' ', alwaysKopecks = false) {
  const whole = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const kopecks = minor % 100n;
  return kopecks === 0n && !alwaysKopecks ? whole : `${whole}${point}${kopecks.toString().padStart(2, '0')}`;
}

/** The demo's payers as banks name them, by the merchant's payer id (`payer-7`). */
const payers = ['Анна К.', 'Дмитрий С.', 'Елена В.', 'Максим П.', 'Ольга Н.', 'Игорь Т.', 'Мария Л.', 'Сергей Б.'];
export const payerName = (clientId: string | null) =>
  payers[Number.parseInt((clientId ?? '').replace(/\D/g, '') || '0', 10) % payers.length] as string;

/**
 * What the card held before the demo's first payment to it: a balance of its own for each requisite, fixed by its id,
 * so each card's messages go on from where its last one left off.
 */
export const openingBalanceMinor = (requisiteId: string) =>
  (20_000n + BigInt(Number.parseInt(requisiteId.replace(/-/g, '').slice(-6), 16) % 60_000)) * 100n;

/**
 * The message the requisite's bank sends when a payer pays to it (Sberbank's and VTB's SMS, Alfa-Bank's SMS,
 * T-Bank's push), with the card's balance after the payment, as each bank writes it.
 */
export function bankMessageFor(
  paymentType: string,
  attributes: Record<string, string>,
  payment: { amountMinor: bigint; balanceMinor: bigint; payer: string; at: Date },
) {
  const { amountMinor, balanceMinor, payer, at } = payment;
  const tail = (attributes.card_number ?? attributes.phone ?? '').slice(-4);
  if (paymentType === 'tbank') {
    return {
      package: 'com.idamob.tinkoff.android',
      title: 'Входящий перевод',
      body: `Входящий перевод СБП, ${rubles(amountMinor, ',')} ₽, от ${payer} Карта *${tail}. Доступно ${rubles(balanceMinor, ',')} ₽`,
    };
  }
  if (paymentType === 'alfabank') {
    return {
      package: null,
      title: 'Alfa-Bank',
      body: `Поступление ${rubles(amountMinor, ',', ' ', true)} RUR на счёт *${tail} от ${payer.toUpperCase()} Баланс ${rubles(balanceMinor, ',', ' ', true)} RUR`,
    };
  }
  if (paymentType === 'vtb') {
    return {
      package: null,
      title: 'VTB',
      body: `Поступление ${rubles(amountMinor, '.', '')}р Счет*${tail} от ${payer.toUpperCase()} Баланс ${rubles(balanceMinor, '.', '', true)}р ${hhmm(at)}`,
    };
  }
  return {
    package: null,
    title: '900',
    body: `MIR-${tail} ${hhmm(at)} Перевод ${rubles(amountMinor, '.')}р от ${payer} Баланс: ${rubles(balanceMinor, '.', ' ', true)}р`,
  };
}

/** What the demo's payers have paid to a requisite so far: its paid pay-ins. */
async function paidTo(tx: Executor, requisiteId: string): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${orders.fiatAmountMinor}), 0)::text` })
    .from(orders)
    .where(and(eq(orders.requisiteId, requisiteId), eq(orders.type, 'pay_in'), eq(orders.status, 'paid')));
  return BigInt(row?.total ?? '0');
}

/**
 * The demo phone reads the bank's message of a paid demo pay-in and forwards it, through the same code a real device's
 * batch goes through. Null when no enabled demo terminal reads the order's requisite.
 */
export async function forwardDemoPayment(
  deps: OrderDeps,
  order: { requisiteId: string | null; fiatAmountMinor: bigint; paymentType: string | null; clientId?: string | null },
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
    const at = engineTime(deps);
    const requisiteId = order.requisiteId ?? '';
    const message = bankMessageFor(order.paymentType ?? '', attributes, {
      amountMinor: order.fiatAmountMinor,
      // The card's balance after this payment: what it held, what was paid to it before, and this.
      balanceMinor: openingBalanceMinor(requisiteId) + (await paidTo(tx, requisiteId)) + order.fiatAmountMinor,
      payer: payerName(order.clientId ?? null),
      at,
    });
    const [result] = await receiveBankMessages(deps, tx, row.terminal, [
      { id: `demo-${newId()}`, received_at: at.toISOString(), ...message },
    ]);
    return result ?? null;
  });
}
