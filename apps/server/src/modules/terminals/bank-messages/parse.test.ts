import { describe, expect, it } from 'vitest';
import { BANK_MESSAGE_CORPUS } from './corpus';
import { hostileBodies, hostileSenders } from './corpus-kit';
import { type BankSlug, type IncomingBankMessage, type ParsedBankMessage, parseBankMessage } from './parse';

const sms = (sender: string, body: string): IncomingBankMessage => ({ package: null, sender, body });

/** The amount of the operation read from `message`, or null when it is not read as an operation. */
function amountOf(message: IncomingBankMessage): string | null {
  const parsed = parseBankMessage(message);
  return parsed?.kind === 'operation' ? parsed.amount : null;
}

describe('the corpus of bank messages', () => {
  it.each(BANK_MESSAGE_CORPUS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    expect(parseBankMessage(entry.message)).toEqual(entry.expected);
  });

  it('holds at least 60 messages', () => {
    expect(BANK_MESSAGE_CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it('has at least 3 incomes, 1 outcome and 1 block notice for every bank', () => {
    const slugs: BankSlug[] = ['sberbank', 'tbank', 'alfabank', 'vtb', 'ozonbank', 'sbp'];
    const parses = BANK_MESSAGE_CORPUS.map((entry) => entry.expected).filter((parsed) => parsed !== null);
    for (const slug of slugs) {
      const ofBank = parses.filter((parsed) => parsed.bank === slug);
      const count = (operation: 'income' | 'outcome') =>
        ofBank.filter((parsed) => parsed.kind === 'operation' && parsed.operation === operation).length;
      expect({ slug, incomes: count('income') >= 3, outcomes: count('outcome') >= 1 }).toEqual({
        slug,
        incomes: true,
        outcomes: true,
      });
      expect(ofBank.some((parsed) => parsed.kind === 'blocked')).toBe(true);
    }
  });

  it('has at least 15 look-alikes that do not parse as income', () => {
    const lookAlikes = BANK_MESSAGE_CORPUS.filter((entry) => entry.expected === null);
    expect(lookAlikes.length).toBeGreaterThanOrEqual(15);
    for (const entry of lookAlikes) expect(entry.name).toMatch(/^look-alike/);
  });
});

describe('the balance', () => {
  it('is never taken for the amount, whether it is larger or written first in its line', () => {
    expect(amountOf(sms('900', 'СЧЁТ1234 10:15 Зачисление 5 000р Баланс: 50 000р'))).toBe('5000.00');
    expect(amountOf(sms('Tinkoff', 'Пополнение, счет RUB. 300 ₽. Иван И. Доступно 12 345,67 ₽'))).toBe('300.00');
    expect(amountOf(sms('VTB', 'Поступление 1р Счет*1234 Остаток 99 999р'))).toBe('1.00');
    expect(amountOf(sms('VTB', 'Поступление Счет*1234 Ост. 7 000р'))).toBeNull();
    expect(amountOf(sms('900', 'СЧЁТ1234 10:15 Зачисление Баланс: 15 432.10р'))).toBeNull();
    expect(amountOf(sms('Tinkoff', 'Пополнение, счет RUB. Иван И. Доступно 12 345,67 ₽'))).toBeNull();
    expect(amountOf(sms('VTB', 'Остаток 10 000р. Поступление 500р Счет*1234'))).toBeNull();
  });

  it('alone is not a message', () => {
    expect(parseBankMessage(sms('900', 'Баланс карты *1234: 10 500 ₽'))).toBeNull();
    expect(parseBankMessage(sms('VTB', 'Доступно 10 500 ₽ по карте *1234'))).toBeNull();
    expect(parseBankMessage(sms('Alfa-Bank', 'Остаток по счёту *1234: 10 500,00 RUR'))).toBeNull();
  });
});

describe('amounts', () => {
  it('read NBSP, narrow NBSP and thin space as thousands separators', () => {
    expect(amountOf(sms('900', 'Зачисление 1\u00a0000\u00a0000 ₽ СЧЁТ1234'))).toBe('1000000.00');
    expect(amountOf(sms('900', 'Зачисление 12\u202f345,67\u00a0₽'))).toBe('12345.67');
    expect(amountOf(sms('900', 'Зачисление 2\u2009500 ₽'))).toBe('2500.00');
  });

  it('read comma and dot decimals, padded to two', () => {
    expect(amountOf(sms('900', 'Зачисление 2 345,67 ₽'))).toBe('2345.67');
    expect(amountOf(sms('900', 'Зачисление 1234,5 ₽'))).toBe('1234.50');
    expect(amountOf(sms('900', 'Зачисление 10 000.00 RUB'))).toBe('10000.00');
  });

  it('accept every way of writing roubles and nothing else', () => {
    for (const currency of ['р', 'р.', 'руб', 'руб.', 'рублей', 'RUB', 'RUR', '₽', ' ₽', ' р']) {
      expect(amountOf(sms('900', `Зачисление 700${currency} СЧЁТ1234`))).toBe('700.00');
    }
    for (const foreign of ['700 USD', '700 EUR', '$700', '700 €', '700 долларов']) {
      expect(parseBankMessage(sms('900', `Зачисление ${foreign} СЧЁТ1234`))).toBeNull();
    }
  });

  it('with three decimals, more than 12 integer digits or zero are refused', () => {
    expect(parseBankMessage(sms('900', 'Зачисление 5 000,125 ₽'))).toBeNull();
    expect(parseBankMessage(sms('900', 'Зачисление 1.500р'))).toBeNull();
    expect(parseBankMessage(sms('900', 'Зачисление 1 000 000 000 000 ₽'))).toBeNull();
    expect(parseBankMessage(sms('900', 'Зачисление 0р'))).toBeNull();
    expect(amountOf(sms('900', 'Зачисление 999999999999,99 ₽'))).toBe('999999999999.99');
  });

  it('does not glue a card tail to the amount', () => {
    expect(amountOf(sms('Tinkoff', 'Пополнение, карта *1234 500 000 ₽'))).toBe('500000.00');
  });
});

describe('hostile bodies', () => {
  it('a thousand-digit amount, and bodies of 4,096 characters built to make patterns backtrack read as no payment (timed by the bench)', () => {
    for (const body of hostileBodies) {
      for (const sender of hostileSenders) {
        expect(parseBankMessage(sms(sender, body)), `${sender}: ${body.slice(0, 30)}…`).toBeNull();
      }
    }
  });

  it('NUL bytes and other control characters do not throw and read as spaces', () => {
    expect(amountOf(sms('900', 'СЧЁТ1234\u0000 Зачисление\u0000 5 000р\u0000 Баланс: 9р'))).toBe('5000.00');
    expect(parseBankMessage(sms('900', '\u0000'.repeat(4_096)))).toBeNull();
    expect(parseBankMessage({ package: '\u0000', sender: '\u0000', body: '\u0000Зачисление\u0000' })).toBeNull();
  });
});

describe('recognition', () => {
  const tbankApp = 'com.idamob.tinkoff.android';
  const body = 'Входящий перевод по СБП 1 000 ₽ от Иван И. Карта *1234';
  const bankOf = (message: IncomingBankMessage) => parseBankMessage(message)?.bank ?? null;

  it('goes by the sender first, then the package, then the text', () => {
    expect(bankOf({ package: tbankApp, sender: '900', body })).toBe('sberbank');
    expect(bankOf({ package: 'ru.sberbankmobile', sender: 'VTB', body })).toBe('vtb');
    expect(bankOf({ package: tbankApp, sender: 'Новое уведомление', body })).toBe('tbank');
    expect(bankOf({ package: tbankApp, sender: null, body })).toBe('tbank');
    expect(bankOf({ package: null, sender: 'GPB', body })).toBe('sbp');
    expect(bankOf({ package: 'ru.example.bank', sender: null, body })).toBe('sbp');
  });

  it('keeps a recognised bank for its SBP transfers', () => {
    for (const [sender, bank] of [
      ['900', 'sberbank'],
      ['T-Bank', 'tbank'],
      ['Alfa-Bank', 'alfabank'],
      ['VTB', 'vtb'],
      ['Ozon Bank', 'ozonbank'],
    ] as const) {
      expect(bankOf(sms(sender, body))).toBe(bank);
    }
  });

  it('knows the spellings of the senders', () => {
    const senders: Record<string, BankSlug> = {
      '900': 'sberbank',
      SberBank: 'sberbank',
      Tinkoff: 'tbank',
      'T-Bank': 'tbank',
      'Т-Банк': 'tbank',
      'Alfa-Bank': 'alfabank',
      AlfaBank: 'alfabank',
      'Альфа-Банк': 'alfabank',
      VTB: 'vtb',
      'ВТБ Онлайн': 'vtb',
      'Ozon Bank': 'ozonbank',
      OZON: 'ozonbank',
    };
    for (const [sender, bank] of Object.entries(senders)) expect(bankOf(sms(sender, body))).toBe(bank);
  });

  it('accepts a bank by the signature that opens its text, with a tail', () => {
    const signed = 'ВТБ: Поступление 3 000р Счет*1234 от ОЛЕГ О. Баланс 4 000р';
    expect(bankOf(sms('INFO', signed))).toBe('vtb');
    expect(bankOf(sms('INFO', 'Перевод из ВТБ: 3 000р от ОЛЕГ О. Счет*1234'))).toBeNull();
    expect(bankOf(sms('+79991234567', signed))).toBeNull();
  });

  it('refuses unknown senders whose text does not name SBP or a bank, and chat apps whatever they say', () => {
    expect(parseBankMessage(sms('+79991234567', 'Зачисление 5000р'))).toBeNull();
    expect(parseBankMessage(sms('INFO', 'Зачисление 5 000р на карту *1234'))).toBeNull();
    expect(parseBankMessage({ package: 'org.telegram.messenger', sender: 'VTB', body })).toBeNull();
    expect(parseBankMessage({ package: null, sender: null, body: 'Зачисление 5 000р на карту *1234' })).toBeNull();
  });
});

describe('card and account tails', () => {
  it.each([
    ['Зачисление 500р *1234', '1234'],
    ['Зачисление 500р карта •• 1234', '1234'],
    ['Зачисление 500р ··1234', '1234'],
    ['MIR-1234 Зачисление 500р', '1234'],
    ['СЧЁТ1234 Зачисление 500р', '1234'],
    ['Зачисление 500р Счёт *5678', '5678'],
    ['ECMC1234 Зачисление 500р', '1234'],
    ['VISA9876 Зачисление 500р', '9876'],
    ['5469****1234 Зачисление 500р', '1234'],
    ['Зачисление 500р на карту', null],
    ['Зачисление 500р. Баланс карты *4321: 900р', '4321'],
  ])('%s → %s', (body, tail) => {
    const parsed = parseBankMessage(sms('900', body));
    expect(parsed?.kind === 'operation' ? parsed.tail : 'not an operation').toBe(tail);
  });
});

describe('operations', () => {
  const operationOf = (body: string): ParsedBankMessage | null => parseBankMessage(sms('VTB', body));

  it('tell a transfer from a person from a transfer to one', () => {
    expect(operationOf('Перевод 1 500р от Иван И. Счет*1234')).toMatchObject({ operation: 'income' });
    expect(operationOf('Перевод 1 500р на карту *5678 Петр П.')).toMatchObject({ operation: 'outcome' });
    expect(operationOf('Перевод по СБП от ИВАН И. на сумму 750 ₽ зачислен на карту *5678')).toMatchObject({
      operation: 'income',
      counterparty: 'ИВАН И.',
    });
  });

  it('are not read from declined, pending, refunded or promotional texts', () => {
    for (const body of [
      'Покупка 500р отклонена. Карта *1234',
      'Операция не выполнена: перевод 500р. Карта *1234',
      'Платёж 500р будет списан 12.05. Карта *1234',
      'Поступление 500р ожидает подтверждения. Счет*1234',
      'Возврат покупки 500р. Карта *1234',
      'Зачислен кэшбэк 150р. Карта *1234',
      'Предодобренный кредит 300 000р. Оформите в приложении',
    ]) {
      expect(operationOf(body)).toBeNull();
    }
  });

  it('a block notice wins over the operation it interrupts', () => {
    expect(operationOf('Поступление 500 000р на счёт *1234 приостановлено по 115-ФЗ')).toEqual({
      kind: 'blocked',
      bank: 'vtb',
      tail: '1234',
    });
    expect(operationOf('Во избежание блокировки карты *1234 не переходите по ссылкам')).toBeNull();
  });
});
