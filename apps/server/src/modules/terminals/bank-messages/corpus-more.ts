/** The corpus of VTB, Ozon Bank and SBP transfers (corpus.ts). */
import { blocked, type CorpusEntry, income, OZON_APP, outcome, push, sms, VTB_APP } from './corpus-kit';

export const vtb: CorpusEntry[] = [
  {
    name: 'vtb SMS: credit with the payer and the time at the end',
    message: sms('VTB', 'Поступление 5000р Счет*1234 от ИВАН И. Баланс 10000.50р 14:22'),
    expected: income('vtb', '5000.00', '1234', 'ИВАН И.'),
  },
  {
    name: 'vtb SMS: salary with Остаток',
    message: sms('VTB', 'Зачисление зарплаты 85 000,00 RUB. Карта *1234. Остаток 91 234,56 RUB'),
    expected: income('vtb', '85000.00', '1234', null),
  },
  {
    name: 'vtb push: incoming SBP transfer stays VTB',
    message: push(VTB_APP, 'ВТБ Онлайн', 'Входящий перевод по СБП 12 500 ₽ от Алексей Н. на счёт *5678'),
    expected: income('vtb', '12500.00', '5678', 'Алексей Н.'),
  },
  {
    name: 'vtb SMS: lower-case credit with Ост.',
    message: sms('VTB', 'Счет *1234: поступление 1 500.00р от ПЕТРОВ ПЕТР П. Ост. 3 200.00р'),
    expected: income('vtb', '1500.00', '1234', 'ПЕТРОВ ПЕТР П.'),
  },
  {
    name: 'vtb SMS: debit for an SBP transfer names the recipient',
    message: sms('VTB', 'Списание 2 500р Счет*1234 Перевод по СБП Получатель: Мария К. Баланс 7 500.50р 15:40'),
    expected: outcome('vtb', '2500.00', '1234', 'Мария К.'),
  },
  {
    name: 'vtb SMS: payment',
    message: sms('VTB', 'Оплата 899р Карта*1234 YANDEX.PLUS Баланс 6 601.50р 16:02'),
    expected: outcome('vtb', '899.00', '1234', null),
  },
  {
    name: 'vtb SMS: card blocked',
    message: sms('VTB', 'Ваша карта *1234 заблокирована. Для разблокировки обратитесь в офис банка или позвоните 1000'),
    expected: blocked('vtb', '1234'),
  },
  {
    name: 'look-alike vtb: balance notice',
    message: sms('VTB', 'Баланс Счет*1234: 10 500.00р на 14:00'),
    expected: null,
  },
  {
    name: 'look-alike vtb: available balance after a purchase',
    message: push(VTB_APP, 'ВТБ Онлайн', 'Доступный остаток по карте *1234 после покупки: 3 000р'),
    expected: null,
  },
  {
    name: 'look-alike vtb: scheduled loan payment',
    message: sms('VTB', 'Завтра будет списан платёж по кредиту 12 300р. Счет*1234'),
    expected: null,
  },
  {
    name: 'look-alike vtb: credit in dollars',
    message: sms('VTB', 'Поступление 100 USD Счет*9876 от JOHN D. Баланс 150 USD'),
    expected: null,
  },
];

export const ozonbank: CorpusEntry[] = [
  {
    name: 'ozonbank push: SBP transfer to you',
    message: push(OZON_APP, 'Ozon Банк', 'Вам перевели 1 000 ₽ по СБП от Ивана И. Карта *1234'),
    expected: income('ozonbank', '1000.00', '1234', 'Ивана И.'),
  },
  {
    name: 'ozonbank SMS: account top-up',
    message: sms('Ozon Bank', 'Пополнение на 2 500 ₽ от Ольга С. Счёт *5678'),
    expected: income('ozonbank', '2500.00', '5678', 'Ольга С.'),
  },
  {
    name: 'ozonbank SMS: credit with dot separators and Отправитель',
    message: sms('OZON', 'Зачисление 15000р на карту ··9012. Отправитель: Дмитрий В.'),
    expected: income('ozonbank', '15000.00', '9012', 'Дмитрий В.'),
  },
  {
    name: 'ozonbank push: purchase',
    message: push(OZON_APP, 'Ozon Банк', 'Покупка на 1 299 ₽ в OZON. Карта *1234. Доступно 8 701 ₽'),
    expected: outcome('ozonbank', '1299.00', '1234', null),
  },
  {
    name: 'ozonbank SMS: outgoing SBP transfer',
    message: sms('Ozon Bank', 'Вы перевели 3 000 ₽ по СБП Елене Ж. Счёт *5678'),
    expected: outcome('ozonbank', '3000.00', '5678', null),
  },
  {
    name: 'ozonbank SMS: account blocked under 115-FZ',
    message: sms('Ozon Bank', 'Счёт *5678 заблокирован по требованиям 115-ФЗ. Операции по счёту недоступны.'),
    expected: blocked('ozonbank', '5678'),
  },
  {
    name: 'look-alike ozonbank: welcome bonus',
    message: sms('Ozon Bank', 'Получите 500 ₽ на карту Ozon Банка за первую покупку!'),
    expected: null,
  },
  {
    name: 'look-alike ozonbank: declined transfer',
    message: push(OZON_APP, 'Ozon Банк', 'Перевод 5 000 ₽ отклонён. Карта *1234'),
    expected: null,
  },
];

export const sbp: CorpusEntry[] = [
  {
    name: 'sbp SMS from another bank: credited to a card',
    message: sms('GPB', 'Перевод по СБП от ИВАН И. на сумму 750 ₽ зачислен на карту *5678'),
    expected: income('sbp', '750.00', '5678', 'ИВАН И.'),
  },
  {
    name: 'sbp push from an unregistered bank app',
    message: push(
      'ru.gazprombank.android.mobilebank.app',
      'Газпромбанк',
      'Входящий перевод СБП 3 200,50 ₽ от Светлана Р. Счёт *2468',
    ),
    expected: income('sbp', '3200.50', '2468', 'Светлана Р.'),
  },
  {
    name: 'sbp SMS: the long name of the system, RUB with dot decimals',
    message: sms(
      'RSHB',
      'Зачисление 10 000.00 RUB по Системе быстрых платежей от Олег М. Карта ·1357. Баланс: 12 000.00 RUB',
    ),
    expected: income('sbp', '10000.00', '1357', 'Олег М.'),
  },
  {
    name: 'sbp push: credit with Отправитель',
    message: push(
      'ru.raiffeisennews',
      'Райффайзенбанк',
      'Поступление по СБП: 1 500 руб. Отправитель: Ирина Л. Карта *8080',
    ),
    expected: income('sbp', '1500.00', '8080', 'Ирина Л.'),
  },
  {
    name: 'sbp SMS: outgoing transfer',
    message: sms('PSB', 'Исходящий перевод по СБП 2 000 ₽ с карты *1111. Получатель: Антон Б.'),
    expected: outcome('sbp', '2000.00', '1111', 'Антон Б.'),
  },
  {
    name: 'sbp SMS: QR payment to a shop',
    message: sms('MTS-Bank', 'Оплата по СБП 450 ₽ магазину ООО РОМАШКА. Счёт *3333'),
    expected: outcome('sbp', '450.00', '3333', null),
  },
  {
    name: 'sbp SMS: SBP transfers blocked under 115-FZ',
    message: sms('GPB', 'Переводы по СБП по карте *5678 заблокированы в рамках 115-ФЗ'),
    expected: blocked('sbp', '5678'),
  },
  {
    name: 'look-alike: phone number sender with an income text',
    message: sms('+79991234567', 'Зачисление 5000р'),
    expected: null,
  },
  {
    name: 'look-alike: phone number sender with a full SBP notice',
    message: sms('+7 916 123-45-67', 'Перевод по СБП от ИВАН И. на сумму 15 000 ₽ зачислен на карту *5678'),
    expected: null,
  },
  {
    name: 'look-alike: SBP notice pasted into a chat',
    message: push('org.telegram.messenger', 'Иван', 'Перевод по СБП от ИВАН И. на сумму 750 ₽ зачислен на карту *5678'),
    expected: null,
  },
  {
    name: 'look-alike: chat contact named 900',
    message: push('com.whatsapp', '900', 'СЧЁТ1234 10:15 Зачисление 5 000р Баланс: 15 000р'),
    expected: null,
  },
  {
    name: 'look-alike: SBP ad',
    message: sms('GPB', 'Подключите СБП и получайте переводы без комиссии до 100 000 ₽ в месяц'),
    expected: null,
  },
  {
    name: 'look-alike: SBP credit naming no card or account',
    message: sms('INFO', 'Перевод по СБП 750 ₽ зачислен'),
    expected: null,
  },
  {
    name: 'look-alike: shop asking to pay by SBP',
    message: sms('Shop', 'Оплатите заказ по СБП: 1 500 ₽. Ссылка: https://qr.nspk.ru/AS1000'),
    expected: null,
  },
  {
    name: 'look-alike: unknown sender, no SBP',
    message: sms('INFO', 'Поступление 3 000 ₽ на карту *1234 от Иван И.'),
    expected: null,
  },
];
