import { describe, expect, it } from 'vitest';
import { parseBankMessage } from '../modules/terminals/bank-messages/parse';
import { bankMessageFor, openingBalanceMinor, payerName } from './device';

describe("the demo phone's bank messages (DESIGN §7)", () => {
  const at = new Date('2026-11-20T14:05:00Z');
  const cases = [
    ['sberbank', { card_number: '2202206145318824' }, '8824'],
    ['tbank', { card_number: '5536913820467719' }, '7719'],
    ['tbank', { phone: '79161234567' }, '4567'],
    ['alfabank', { card_number: '4584432911760382' }, '0382'],
    ['vtb', { card_number: '2200246033851247' }, '1247'],
  ] as const;

  it.each(cases)('reads as an income of its amount on the card (%s)', (bank, attributes, tail) => {
    const message = bankMessageFor(bank, attributes, {
      amountMinor: 1_234_500n,
      balanceMinor: 4_821_050n,
      payer: payerName('payer-3'),
      at,
    });
    expect(parseBankMessage({ package: message.package, sender: message.title, body: message.body })).toMatchObject({
      kind: 'operation',
      bank,
      operation: 'income',
      amount: '12345.00',
      tail,
    });
  });

  it("says the card's balance after the payment, as the bank writes it", () => {
    const sms = (balanceMinor: bigint) =>
      bankMessageFor(
        'sberbank',
        { card_number: '2202206145318824' },
        { amountMinor: 500_000n, balanceMinor, payer: 'Анна К.', at },
      ).body;
    expect(sms(4_821_050n)).toBe('MIR-8824 14:05 Перевод 5 000р от Анна К. Баланс: 48 210.50р');
    expect(sms(5_321_050n)).toContain('Баланс: 53 210.50р');
    expect(
      bankMessageFor(
        'alfabank',
        { card_number: '4584432911760382' },
        { amountMinor: 500_000n, balanceMinor: 2_000_000n, payer: 'Анна К.', at },
      ).body,
    ).toBe('Поступление 5 000,00 RUR на счёт *0382 от АННА К. Баланс 20 000,00 RUR');
  });

  it('gives every card an opening balance of its own, between 20,000 and 80,000 roubles', () => {
    const one = openingBalanceMinor('0194b3a0-0000-7000-8000-00000000a1f3');
    const other = openingBalanceMinor('0194b3a0-0000-7000-8000-0000000b72c1');
    expect(one).not.toBe(other);
    for (const balance of [one, other]) {
      expect(balance).toBeGreaterThanOrEqual(2_000_000n);
      expect(balance).toBeLessThan(8_000_000n);
    }
  });
});
