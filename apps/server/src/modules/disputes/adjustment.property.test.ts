import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeyText } from '../ledger/accounts';
import { type TransferSpec, userAccount } from '../ledger/ledger.service';
import type { OrderRow } from '../orders/orders.repository';
import { settlementTransfers, withFiatAmount } from '../orders/orders.service';
import type { ReferenceData } from '../reference/reference.read';
import { adjustment } from './adjustment';

const reference = {
  currencies: new Map([
    [
      'RUB',
      {
        code: 'RUB',
        kind: 'fiat',
        nameEn: 'Russian ruble',
        nameRu: 'Рубль',
        ratioFraction: 2,
        isActive: true,
        position: 0,
      },
    ],
  ]),
  paymentOptions: new Map(),
  paymentTypes: new Map(),
} as ReferenceData;

const ids = { merchant: 'm', executor: 'e', agents: ['a1', 'a2', 'a3'] };

/** A paid order of any amount, rate and shares that fit the merchant's fee (what pricing lets through). */
const order = fc
  .record({
    type: fc.constantFrom('pay_in', 'pay_out'),
    fiatMinor: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    rateDigits: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    rateDecimals: fc.integer({ min: 0, max: 8 }),
    merchantFee: fc.integer({ min: 0, max: 2_000 }),
    parts: fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ type, fiatMinor, rateDigits, rateDecimals, merchantFee, parts }): OrderRow => {
    let left = merchantFee;
    const fitted = parts.map((part) => {
      const taken = Math.min(part, left);
      left -= taken;
      return taken;
    });
    const digits = rateDigits.toString().padStart(rateDecimals + 1, '0');
    const rate = rateDecimals === 0 ? digits : `${digits.slice(0, -rateDecimals)}.${digits.slice(-rateDecimals)}`;
    const row = {
      id: '01900000-0000-7000-8000-000000000001',
      type,
      status: 'paid',
      merchantId: ids.merchant,
      executorId: ids.executor,
      fiat: 'RUB',
      fiatAmountMinor: fiatMinor,
      crypto: 'USDT',
      rate,
      merchantFeeHundredths: merchantFee,
      executorFeeHundredths: fitted[0] ?? 0,
      agentShares: fitted.slice(1).map((hundredths, index) => ({
        userId: ids.agents[index] ?? 'a',
        role: 'referral' as const,
        hundredths,
      })),
    } as unknown as OrderRow;
    return withFiatAmount(row, fiatMinor, reference);
  });

/** What a list of transfers leaves in each account. */
function balancesAfter(transfers: TransferSpec[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => {
    const next = (balances.get(key) ?? 0n) + amount;
    if (next === 0n) balances.delete(key);
    else balances.set(key, next);
  };
  for (const transfer of transfers) {
    add(accountKeyText(transfer.debit), -transfer.amountMinor);
    add(accountKeyText(transfer.credit), transfer.amountMinor);
  }
  return balances;
}

/** The hold the payer funds when the order is made, then its settlement. */
function paid(row: OrderRow): TransferSpec[] {
  const payer = row.type === 'pay_in' ? ids.executor : ids.merchant;
  const hold: TransferSpec = {
    id: `${row.id}:hold`,
    code: 'order_hold',
    debit: userAccount(payer, 'available'),
    credit: userAccount(payer, 'hold'),
    amountMinor: row.holdMinor,
  };
  return [hold, ...settlementTransfers(row, reference)];
}

describe('a dispute’s corrected amount (DESIGN §12)', () => {
  it('leaves every account, the payer’s included, exactly where the order of the corrected amount would have', () => {
    fc.assert(
      fc.property(order, fc.bigInt({ min: 1n, max: 10n ** 12n }), (row, correctedMinor) => {
        const corrected = withFiatAmount(row, correctedMinor, reference);
        const payer = row.type === 'pay_in' ? ids.executor : ids.merchant;
        const { back, out } = adjustment(
          settlementTransfers(row, reference),
          settlementTransfers(corrected, reference),
          payer,
          'dispute',
          row.id,
        );
        for (const transfer of [...back, ...out]) expect(transfer.amountMinor > 0n).toBe(true);
        // The payer's available balance is on one side of every compensating transfer, never both.
        const payerAvailable = accountKeyText(userAccount(payer, 'available'));
        for (const transfer of back) expect(accountKeyText(transfer.credit)).toBe(payerAvailable);
        for (const transfer of out) expect(accountKeyText(transfer.debit)).toBe(payerAvailable);
        expect(balancesAfter([...paid(row), ...back, ...out])).toEqual(balancesAfter(paid(corrected)));
      }),
      { numRuns: 500 },
    );
  });

  it('moves nothing when the amount is not corrected', () => {
    fc.assert(
      fc.property(order, (row) => {
        const same = adjustment(
          settlementTransfers(row, reference),
          settlementTransfers(row, reference),
          'e',
          'd',
          row.id,
        );
        expect(same).toEqual({ back: [], out: [] });
      }),
    );
  });
});
