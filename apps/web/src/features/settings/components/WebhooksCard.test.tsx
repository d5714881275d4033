import { languageHeader, type WebhookSetting } from '@paydesk/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, renderApp } from '../../../app/testing';
import { changeLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { WebhooksCard, webhooksLoadDelayMs, webhooksResultMs } from './WebhooksCard';

const merchant = makeUser({ role: 'merchant', username: 'merchant' });

const webhook = (slug: WebhookSetting['webhook']['slug'], title: string, is_disabled = false): WebhookSetting => ({
  webhook: { slug, title },
  is_disabled,
});

function signedIn(webhooks: WebhookSetting[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/current': envelope({ data: merchant }),
    'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
    'GET /user/webhook': envelope(webhooks),
    ...extra,
  });
}

async function webhooksCard() {
  const card = await screen.findByRole('region', { name: 'Webhooks' });
  await within(card).findByRole('switch', { name: /Order created/ });
  return card;
}

const sentWebhooks = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/user/webhook').map((call) => call.body);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('webhooks', () => {
  it('loads the list about 100 ms after it mounts', async () => {
    vi.useFakeTimers();
    const { calls } = signedIn([webhook('order.created', 'Order created')]);
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <WebhooksCard />
      </AppProviders>,
    );
    const loads = () => calls.filter((call) => call.path === '/user/webhook');

    await act(() => vi.advanceTimersByTimeAsync(webhooksLoadDelayMs - 1));
    expect(loads()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(loads()).toHaveLength(1);

    // Let the answer travel through the (faked) notification timers before handing back the real clock.
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    expect(await screen.findByRole('switch', { name: /Order created/ })).toBeChecked();
  });

  it('sends only the disabled webhooks when any are disabled; the result goes after 2 s', async () => {
    const list = [webhook('order.created', 'Order created'), webhook('order.paid', 'Order paid')];
    const { calls } = signedIn(list, {
      'PUT /user/webhook': envelope([list[0], { ...list[1], is_disabled: true }]),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/settings');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const card = await webhooksCard();
    await user.click(within(card).getByRole('switch', { name: /Order paid/ }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Webhooks saved.')).toBeInTheDocument();
    expect(sentWebhooks(calls)).toEqual([{ webhooks: [{ slug: 'order.paid', is_disabled: true }] }]);
    expect(within(card).getByRole('switch', { name: /Order paid/ })).not.toBeChecked();

    act(() => vi.advanceTimersByTime(webhooksResultMs - 100));
    expect(within(card).getByText('Webhooks saved.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(within(card).queryByText('Webhooks saved.')).not.toBeInTheDocument();
  });

  it('sends every webhook when none is disabled', async () => {
    const list = [webhook('order.created', 'Order created'), webhook('order.paid', 'Order paid', true)];
    const { calls } = signedIn(list, {
      'PUT /user/webhook': envelope(list.map((row) => ({ ...row, is_disabled: false }))),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/settings');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const card = await webhooksCard();
    expect(within(card).getByRole('switch', { name: /Order paid/ })).not.toBeChecked();
    await user.click(within(card).getByRole('switch', { name: /Order paid/ }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await within(card).findByText('Webhooks saved.');
    expect(sentWebhooks(calls)).toEqual([
      {
        webhooks: [
          { slug: 'order.created', is_disabled: false },
          { slug: 'order.paid', is_disabled: false },
        ],
      },
    ]);
  });

  it('shows a failure for 2 s too', async () => {
    const list = [webhook('order.created', 'Order created')];
    signedIn(list, { 'PUT /user/webhook': failureReply(500, 'internal_error') });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/settings');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const card = await webhooksCard();
    await user.click(within(card).getByRole('switch', { name: /Order created/ }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Update failed.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(webhooksResultMs));
    expect(within(card).queryByText('Update failed.')).not.toBeInTheDocument();
  });

  it('loads the titles again in the new language when the language changes', async () => {
    const { calls } = signedIn([], {
      'GET /user/webhook': (call) =>
        envelope([
          webhook('order.created', call.headers.get(languageHeader) === 'ru' ? 'Заказ создан' : 'Order created'),
        ]),
    });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <WebhooksCard />
      </AppProviders>,
    );
    expect(await screen.findByRole('switch', { name: /Order created/ })).toBeInTheDocument();

    await act(() => changeLanguage('ru'));

    expect(await screen.findByRole('switch', { name: /Заказ создан/ })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/user/webhook').map((call) => call.headers.get(languageHeader)),
    ).toEqual(['en', 'ru']);
  });
});
