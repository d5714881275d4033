/**
 * Realistic bank messages with the parse each must give (DESIGN §11), for the tests and for a later benchmark. Texts
 * follow the way each bank phrases its SMS and pushes; names, tails and amounts are made up. Entries expecting null
 * are the look-alikes: codes, ads, balance notices, declined or pending operations, foreign currency, malformed
 * amounts, and texts that are not from a bank at all.
 */
import { ALFA_APP, blocked, type CorpusEntry, income, outcome, push, SBER_APP, sms, TBANK_APP } from './corpus-kit';
import { ozonbank, sbp, vtb } from './corpus-more';

export type { CorpusEntry } from './corpus-kit';

const sberbank: CorpusEntry[] = [
  {
    name: 'sberbank SMS: account credit',
    message: sms('900', 'СЧЁТ1234 10:15 Зачисление 5 000р Баланс: 15 432.10р'),
    expected: income('sberbank', '5000.00', '1234', null),
  },
  {
    name: 'sberbank SMS: card transfer from a person',
    message: sms('900', 'MIR-1234 12:01 Перевод 1 500р от Иван И. Баланс: 10 500р'),
    expected: income('sberbank', '1500.00', '1234', 'Иван И.'),
  },
  {
    name: 'sberbank SMS: transfer from another bank with a plus sign and comma decimals',
    message: sms('900', 'СЧЁТ5678 09:42 Перевод из Т-Банк +2 345,67р от ПЕТР ПЕТРОВИЧ П. Баланс: 48 002,15р'),
    expected: income('sberbank', '2345.67', '5678', 'ПЕТР ПЕТРОВИЧ П.'),
  },
  {
    name: 'sberbank push: payer before the verb, NBSP separators',
    message: push(SBER_APP, 'СберБанк Онлайн', 'Иван Иванович И. перевёл(а) вам 1\u00a0000\u00a0000 ₽'),
    expected: income('sberbank', '1000000.00', null, 'Иван Иванович И.'),
  },
  {
    name: 'sberbank push: salary on a MIR card, title is not the bank',
    message: push(SBER_APP, 'Зарплата', 'Зачисление зарплаты 45 000 ₽ на карту MIR ••1234'),
    expected: income('sberbank', '45000.00', '1234', null),
  },
  {
    name: 'sberbank SMS: credit with dot decimals on an ECMC card',
    message: sms('900', 'ECMC4821 18:30 зачисление 10 000.00р Баланс: 10 250.00р'),
    expected: income('sberbank', '10000.00', '4821', null),
  },
  {
    name: 'sberbank SMS: purchase',
    message: sms('900', 'MIR-1234 14:05 Покупка 1 250р PYATEROCHKA 1234 Баланс: 9 250р'),
    expected: outcome('sberbank', '1250.00', '1234', null),
  },
  {
    name: 'sberbank SMS: bare outgoing transfer',
    message: sms('900', 'СЧЁТ1234 16:40 Перевод 3 000р Баланс: 12 432.10р'),
    expected: outcome('sberbank', '3000.00', '1234', null),
  },
  {
    name: 'sberbank SMS: cash withdrawal',
    message: sms('900', 'MIR-1234 11:11 Выдача 5 000р ATM 60001234 Баланс: 7 000р'),
    expected: outcome('sberbank', '5000.00', '1234', null),
  },
  {
    name: 'sberbank push: outgoing SBP transfer stays Sberbank',
    message: push(SBER_APP, 'Перевод', 'Вы перевели 700 ₽ Петру П. по СБП с карты MIR ••1234'),
    expected: outcome('sberbank', '700.00', '1234', null),
  },
  {
    name: 'sberbank SMS: card blocked',
    message: sms('900', 'Карта MIR-1234 заблокирована. Для разблокировки позвоните 900'),
    expected: blocked('sberbank', '1234'),
  },
  {
    name: 'look-alike sberbank: login code',
    message: sms('900', 'Код: 4821. Никому не сообщайте его, даже сотруднику банка. Вход в СберБанк Онлайн'),
    expected: null,
  },
  {
    name: 'look-alike sberbank: balance only',
    message: sms('900', 'Баланс карты MIR-1234: 10 500р'),
    expected: null,
  },
  {
    name: 'look-alike sberbank: balance after a credit, with no amount of the credit',
    message: sms('900', 'Баланс карты MIR-1234 после зачисления: 15 432.10р'),
    expected: null,
  },
  {
    name: 'look-alike sberbank: declined purchase',
    message: sms('900', 'MIR-1234 13:20 Отказ Покупка 15 000р. Недостаточно средств. Баланс: 3 000р'),
    expected: null,
  },
  {
    name: 'look-alike sberbank: transfer confirmation code',
    message: sms('900', 'Перевод 2 000р на карту *5678 Петр П. Код: 53817. Никому не сообщайте код'),
    expected: null,
  },
  {
    name: 'look-alike sberbank: card unblocked',
    message: sms('900', 'Карта MIR-1234 разблокирована. Можно снова пользоваться картой'),
    expected: null,
  },
];

const tbank: CorpusEntry[] = [
  {
    name: 'tbank SMS: account top-up with the name after the amount',
    message: sms('Tinkoff', 'Пополнение, счет RUB. 3 000 ₽. Иван И. Доступно 12 345,67 ₽'),
    expected: income('tbank', '3000.00', null, 'Иван И.'),
  },
  {
    name: 'tbank SMS: card top-up from another bank in RUB',
    message: sms('T-Bank', 'Пополнение, карта *1234. 10 000.00 RUB. Сбербанк. Доступно 25 000.00 RUB'),
    expected: income('tbank', '10000.00', '1234', null),
  },
  {
    name: 'tbank push: incoming SBP transfer, title is not the bank',
    message: push(
      TBANK_APP,
      'Входящий перевод',
      'Входящий перевод СБП, 750 ₽, от Мария К. Карта *1234. Доступно 1 750 ₽',
    ),
    expected: income('tbank', '750.00', '1234', 'Мария К.'),
  },
  {
    name: 'tbank push: someone sent you money, narrow NBSP separator',
    message: push(TBANK_APP, 'Т-Банк', 'Вам пришел перевод 12\u202f500 ₽ от Сергей Т. на карту *4455'),
    expected: income('tbank', '12500.00', '4455', 'Сергей Т.'),
  },
  {
    name: 'tbank SMS: purchase',
    message: sms('Tinkoff', 'Покупка, карта *1234. 450 ₽. PYATEROCHKA. Доступно 12 345,67 ₽'),
    expected: outcome('tbank', '450.00', '1234', null),
  },
  {
    name: 'tbank SMS: outgoing transfer names the recipient after the amount',
    message: sms('T-Bank', 'Перевод. Счет RUB. 1 000 ₽. Петр П. Доступно 11 345,67 ₽'),
    expected: outcome('tbank', '1000.00', null, 'Петр П.'),
  },
  {
    name: 'tbank SMS: cash withdrawal',
    message: sms('Tinkoff', 'Снятие наличных. Карта *1234. 5 000 ₽. ATM TINKOFF. Доступно 7 345,67 ₽'),
    expected: outcome('tbank', '5000.00', '1234', null),
  },
  {
    name: 'tbank SMS: card blocked',
    message: sms('Т-Банк', 'Карта *1234 заблокирована. Подробнее в приложении'),
    expected: blocked('tbank', '1234'),
  },
  {
    name: 'look-alike tbank: cashback ad',
    message: sms('Tinkoff', 'Кэшбэк до 5 000 ₽ за покупки в категории «Рестораны». Подключите в приложении'),
    expected: null,
  },
  {
    name: 'look-alike tbank: login code',
    message: sms('T-Bank', 'Никому не говорите код 5931! Вход в Т-Банк'),
    expected: null,
  },
  {
    name: 'look-alike tbank: expected transfer',
    message: push(TBANK_APP, 'Т-Банк', 'Ожидается поступление 3 000 ₽ от Иван И. на карту *1234'),
    expected: null,
  },
  {
    name: 'look-alike tbank: purchase in dollars',
    message: sms('Tinkoff', 'Покупка 25 USD. Карта *1234. AMAZON. Доступно 12 000 ₽'),
    expected: null,
  },
];

const alfabank: CorpusEntry[] = [
  {
    name: 'alfabank SMS: credit in RUR with the payer',
    message: sms('Alfa-Bank', 'Поступление 2 000,00 RUR на счёт *1234 от ИВАН ИВАНОВИЧ И. Баланс 20 000,00 RUR'),
    expected: income('alfabank', '2000.00', '1234', 'ИВАН ИВАНОВИЧ И.'),
  },
  {
    name: 'alfabank SMS: transliterated credit',
    message: sms(
      'AlfaBank',
      '1234****5678 Postuplenie Uspeshno Summa: 15000,00 RUR Ostatok: 21345,50 RUR 12.03.2025 10:15:22',
    ),
    expected: income('alfabank', '15000.00', '5678', null),
  },
  {
    name: 'alfabank push: SBP top-up with Отправитель',
    message: push(ALFA_APP, 'Альфа-Банк', 'Пополнение счёта *1234 на 7 500 ₽ через СБП. Отправитель: Сергей Т.'),
    expected: income('alfabank', '7500.00', '1234', 'Сергей Т.'),
  },
  {
    name: 'alfabank SMS: transfer from a company, a million with comma decimals',
    message: sms('Alfa-Bank', 'Зачислен перевод 1 000 000,00 RUR на карту *9012 от ООО ТОРГСЕРВИС'),
    expected: income('alfabank', '1000000.00', '9012', 'ООО ТОРГСЕРВИС'),
  },
  {
    name: 'alfabank SMS: purchase',
    message: sms('Alfa-Bank', 'Покупка 1 234,50 RUR Карта *1234 OZON.RU Баланс 18 765,50 RUR'),
    expected: outcome('alfabank', '1234.50', '1234', null),
  },
  {
    name: 'alfabank SMS: transliterated purchase',
    message: sms('AlfaBank', '1234****5678 Pokupka Uspeshno Summa: 350,00 RUR Ostatok: 20995,50 RUR RU/MOSCOW/MAGNIT'),
    expected: outcome('alfabank', '350.00', '5678', null),
  },
  {
    name: 'alfabank push: transfer by phone number names the recipient',
    message: push(
      ALFA_APP,
      'Перевод',
      'Перевод 5 000 ₽ с карты *1234 по номеру телефона +7 916 ***-**-45. Получатель: Ольга В.',
    ),
    expected: outcome('alfabank', '5000.00', '1234', 'Ольга В.'),
  },
  {
    name: 'alfabank SMS: account suspended under 115-FZ',
    message: sms(
      'Alfa-Bank',
      'Операции по счёту *1234 приостановлены в соответствии с 115-ФЗ. Подробнее в Альфа-Онлайн',
    ),
    expected: blocked('alfabank', '1234'),
  },
  {
    name: 'look-alike alfabank: loan offer',
    message: sms('Alfa-Bank', 'Кредит наличными до 300 000 ₽ по ставке от 19,9%. Оформите онлайн'),
    expected: null,
  },
  {
    name: 'look-alike alfabank: declined purchase',
    message: sms('Alfa-Bank', 'Отказ. Покупка 12 000,00 RUR Карта *1234. Недостаточно средств'),
    expected: null,
  },
  {
    name: 'look-alike alfabank: amount with three decimals',
    message: sms('Alfa-Bank', 'Поступление 10,125 RUR на счёт *1234'),
    expected: null,
  },
];

export const BANK_MESSAGE_CORPUS: readonly CorpusEntry[] = [
  ...sberbank,
  ...tbank,
  ...alfabank,
  ...vtb,
  ...ozonbank,
  ...sbp,
];
