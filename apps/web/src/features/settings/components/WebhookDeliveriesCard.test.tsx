import { type RecentWebhookDelivery, webhookSkipReasons } from '@paydesk/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp } from '../../../app/testing';

const merchant = makeUser({ role: 'merchant', username: 'merchant' });
const noUrl = { notification_key: null, notification_url: null };
const withUrl = { notification_key: 'whsec_key', notification_url: 'https://shop.example/hook' };

function delivery(overrides: Partial<RecentWebhookDelivery> = {}): RecentWebhookDelivery {
  return {
    id: '01a201f1-0000-7000-8000-0000000000e1',
    type: 'order.created',
    title: 'Order created',
    order_id: '01a201f1-0000-7000-8000-0000000000c4',
    status: 'delivered',
    created_at: '2026-03-05T07:00:00.000Z',
    attempts: 1,
    last_attempt_at: '2026-03-05T07:00:01.000Z',
    last_status_code: 200,
    last_error: null,
    ...overrides,
  };
}

function serve(
  deliveries: RecentWebhookDelivery[] | (() => RecentWebhookDelivery[]),
  settings: { notification_key: string | null; notification_url: string | null } = withUrl,
) {
  return mockApi({
    'GET /user/current': envelope({ data: merchant }),
    'GET /user/notification': envelope(settings),
    'GET /user/webhook': envelope([]),
    'GET /user/webhook/deliveries': () => envelope(typeof deliveries === 'function' ? deliveries() : deliveries),
  });
}

const card = () => screen.findByRole('region', { name: 'Webhook deliveries' });

beforeEach(async () => {
  await prepareI18n('en');
});

describe("Settings' webhook deliveries", () => {
  it('lists the latest deliveries with their state and last attempt, without a warning while they arrive', async () => {
    const { calls } = serve([
      delivery(),
      delivery({
        id: 'e2',
        type: 'order.paid',
        title: 'Order paid',
        status: 'pending',
        attempts: 0,
        last_attempt_at: null,
        last_status_code: null,
      }),
    ]);
    renderApp('/settings');

    const region = await card();
    const list = await within(region).findByRole('list', { name: 'Latest webhook deliveries' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('DeliveredOrder created');
    expect(items[0]).toHaveTextContent('HTTP 200 · Attempts: 1');
    expect(items[0]).toHaveTextContent('Order 01a2…00c4');
    expect(items[1]).toHaveTextContent('WaitingOrder paid');
    expect(items[1]).toHaveTextContent('Not tried yet');
    expect(within(region).queryByText('Webhooks are not reaching your server')).not.toBeInTheDocument();
    const asked = calls.find((call) => call.path === '/user/webhook/deliveries');
    expect(asked?.method).toBe('GET');
  });

  it('warns while the latest tried delivery fails, with what the endpoint answered', async () => {
    serve([
      delivery({ status: 'pending', attempts: 2, last_status_code: 500, last_error: 'answered 500' }),
      delivery({ id: 'e0' }),
    ]);
    renderApp('/settings');

    const region = await card();
    expect(await within(region).findByText('Webhooks are not reaching your server')).toBeInTheDocument();
    expect(region).toHaveTextContent('The latest one did not arrive: HTTP 500.');
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('RetryingOrder created');
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Attempts: 2');
  });

  it('says a skipped webhook wants a URL, and stops saying it once one is set', async () => {
    const skipped = delivery({
      status: 'skipped',
      last_status_code: null,
      last_error: webhookSkipReasons.noNotificationUrl,
    });
    serve([skipped], noUrl);
    renderApp('/settings');
    const region = await card();
    expect(await within(region).findByText(/no notification URL is set/)).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Not sentOrder created');
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('No notification URL set');
    cleanup();

    serve([skipped], withUrl);
    renderApp('/settings');
    const again = await card();
    await within(again).findByRole('list', { name: 'Latest webhook deliveries' });
    expect(within(again).queryByText('Webhooks are not reaching your server')).not.toBeInTheDocument();
  });

  it('reads again on Refresh, and says it in Russian', async () => {
    await prepareI18n('ru');
    let answer = [delivery()];
    const { calls } = serve(() => answer);
    renderApp('/settings');
    const user = userEvent.setup();

    const region = await screen.findByRole('region', { name: 'Доставка вебхуков' });
    await within(region).findByRole('list', { name: 'Последние доставки вебхуков' });
    answer = [delivery({ status: 'failed', attempts: 17, last_status_code: null, last_error: 'fetch failed' })];
    await user.click(within(region).getByRole('button', { name: 'Обновить' }));
    expect(await within(region).findByText('Вебхуки не доходят до вашего сервера')).toBeInTheDocument();
    expect(region).toHaveTextContent('Последний не дошёл: fetch failed.');
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Попыток: 17');
    expect(calls.filter((call) => call.path === '/user/webhook/deliveries')).toHaveLength(2);
  });
});
