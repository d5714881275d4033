import type { BankMessageToConfirm } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { orderListOf } from '../testData';
import { setUpOrderScreens } from '../testSupport';

const trader = makeUser({ role: 'trader', username: 'trader' });

const message: BankMessageToConfirm = {
  id: '01a201f1-0000-7000-8000-0000000b0001',
  order_guid: '01a201f1-0000-7000-8000-0000000000c1',
  amount: '1500',
  currency: 'RUB',
  title: '900',
  body: 'Зачисление 1 500р от Анна К. Баланс: 48 210.50р',
  received_at: '2026-03-05T11:58:00.000Z',
  terminal: { guid: '01a201f1-0000-7000-8000-000000000077', name: 'Redmi' },
  app: { slug: 'smsforwarder', title: 'SmsForwarder' },
};

function serve(list: () => BankMessageToConfirm[], confirm = () => envelope({ order_guid: message.order_guid })) {
  return mockApi({
    'GET /user/current': envelope({ data: trader }),
    'GET /trader/order': envelope(orderListOf([])),
    'GET /trader/bank-message/to-confirm': () => envelope(list()),
    [`POST /trader/bank-message/${message.id}/confirm/`]: confirm,
  });
}

setUpOrderScreens();

describe('bank message received — confirm (DESIGN §19)', () => {
  it('shows the message a weak app forwarded, and one tap settles its order', async () => {
    let waiting = [message];
    const { calls } = serve(
      () => waiting,
      () => {
        waiting = [];
        return envelope({ order_guid: message.order_guid });
      },
    );
    renderApp('/active');
    const panel = await screen.findByRole('region', { name: 'Bank message received — confirm' });
    const card = within(panel).getByRole('listitem', { name: '1,500 RUB for order 01a2…00c1' });
    expect(within(card).getByText(message.body)).toBeInTheDocument();
    expect(within(card).getByText('Redmi, through SmsForwarder')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Money arrived: mark 1,500 RUB paid' }));
    expect(await screen.findByText('Order 01a2…00c1 is paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bank message received — confirm' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/trader/bank-message/${message.id}/confirm/`,
    ]);
  });

  it("says the server's refusal in Russian", async () => {
    await prepareI18n('ru');
    serve(
      () => [message],
      () => failureReply(409, 'order_status_conflict', 'Заказ уже не ждёт оплаты.'),
    );
    renderApp('/active');
    const panel = await screen.findByRole('region', { name: 'Получено сообщение банка — подтвердите' });
    await userEvent.click(within(panel).getByRole('button', { name: /Деньги пришли/ }));
    expect(await screen.findByText('Заказ уже не ждёт оплаты.')).toBeInTheDocument();
  });

  it('is not asked for an admin', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'GET /order': envelope(orderListOf([])),
    });
    renderApp('/active');
    await screen.findByRole('heading', { name: 'Active orders', level: 1 });
    expect(calls.map((call) => call.path)).not.toContain('/trader/bank-message/to-confirm');
  });
});
