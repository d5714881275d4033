import type { CurrentUser } from '@paydesk/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { caseListsKey } from '../features/antifraud/api/antiFraudKey';
import { directionsKey } from '../features/directions/api/directionsKey';
import { ordersKey } from '../features/orders/api/ordersKey';
import { terminalsKey } from '../features/terminals/api/terminalsKey';
import { moneyKey } from '../lib/moneyKey';
import { createQueryClient, currentUserKey } from '../lib/query';
import { AppProviders } from './providers';
import { reconnectDelayMs, useRealtime } from './realtime';
import { makeUser, prepareI18n, users } from './testing';

/** A WebSocket that never touches the network: the test plays the server. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number) {
    this.closedWith = code ?? 1000;
  }

  /** Server side: the connection opened. */
  accept() {
    act(() => this.onopen?.());
  }

  /** Server side: one message `{ type, message }`. */
  push(type: string, message = '') {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, message }) }));
  }

  /** Server side: the connection is gone. */
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const latest = () => {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
};

function Connection({ user }: { user: CurrentUser | null }) {
  useRealtime(user);
  return null;
}

function renderConnection(user: CurrentUser | null) {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <Connection user={user} />
    </AppProviders>,
  );
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  const rerender = (next: CurrentUser | null) =>
    view.rerender(
      <AppProviders queryClient={queryClient} env="test">
        <Connection user={next} />
      </AppProviders>,
    );
  return { ...view, rerender, invalidatedKeys };
}

beforeEach(async () => {
  await prepareI18n('en');
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('real-time connection', () => {
  it('opens /ws/ on the page host and authenticates with the API key and the socket token', () => {
    const merchant = makeUser({
      ...users.merchant,
      ws_token: 'socket-token-1',
      apiKeys: { key: 'pk_live_merchant', secret: null, notification: null },
    });
    renderConnection(merchant);

    const socket = latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws/`);
    expect(socket.sent).toEqual([]);
    socket.accept();
    expect(socket.sent).toEqual([
      { type: 'auth', client: 'platform', data: { userId: 'pk_live_merchant', token: 'socket-token-1' } },
    ]);
  });

  it('sends the user id when the user has no API key', () => {
    renderConnection(users.root);

    latest().accept();
    expect(latest().sent).toEqual([
      { type: 'auth', client: 'platform', data: { userId: users.root.userId, token: 'ws-token' } },
    ]);
  });

  it('shows a Deposit toast and refreshes balances and the current user on a deposit', async () => {
    const { invalidatedKeys } = renderConnection(users.merchant);
    const socket = latest();
    socket.accept();
    socket.push('auth.ok');
    expect(invalidatedKeys()).toEqual([]);

    socket.push('deposit.added', JSON.stringify({ amount: '150.5', currency: { code: 'USDT', name: 'Tether USD' } }));

    expect(await screen.findByText('USDT deposit')).toBeInTheDocument();
    expect(screen.getByText('+150.5 Tether USD')).toBeInTheDocument();
    expect(invalidatedKeys()).toEqual([moneyKey, currentUserKey]);
  });

  it('still announces a deposit whose message it cannot read', async () => {
    renderConnection(users.merchant);
    latest().accept();

    latest().push('deposit.added', 'not json');

    expect(await screen.findByText('A USDT deposit has arrived.')).toBeInTheDocument();
  });

  it('titles the toast in Russian for a Russian user', async () => {
    await prepareI18n('ru');
    renderConnection(users.merchant);
    latest().accept();

    latest().push('deposit.added', JSON.stringify({ amount: '100', currency: { code: 'USDT', name: 'Tether USD' } }));

    expect(await screen.findByText('Депозит USDT')).toBeInTheDocument();
    expect(screen.getByText('+100 Tether USD')).toBeInTheDocument();
  });

  it('tells the owner, in its language, that five wrong codes sent a sign-in back to the password', async () => {
    await prepareI18n('ru');
    renderConnection(users.merchant);
    latest().accept();

    latest().push('security.two_factor_locked');

    expect(await screen.findByText('Попытки входа')).toBeInTheDocument();
    expect(screen.getByText(/Если это были не вы, смените пароль/)).toBeInTheDocument();
  });

  it('refreshes balances without a toast when a balance changed for another reason', () => {
    const { invalidatedKeys } = renderConnection(users.merchant);
    latest().accept();

    latest().push('balance.changed');

    expect(invalidatedKeys()).toEqual([moneyKey, currentUserKey]);
    expect(screen.queryByText('USDT deposit')).not.toBeInTheDocument();
  });

  it('reconnects 5 s after the connection closes, then refreshes what it may have missed', () => {
    vi.useFakeTimers();
    const { invalidatedKeys } = renderConnection(users.merchant);
    latest().accept();
    latest().push('auth.ok');

    latest().drop();
    act(() => vi.advanceTimersByTime(reconnectDelayMs - 1));
    expect(FakeSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.instances).toHaveLength(2);

    latest().accept();
    expect(latest().sent).toHaveLength(1);
    latest().push('auth.ok');
    expect(invalidatedKeys()).toEqual([moneyKey, currentUserKey, ordersKey, terminalsKey, caseListsKey, directionsKey]);
  });

  it('reloads the order lists, their details and the directions on every order event, without a toast', () => {
    const { invalidatedKeys } = renderConnection(users.merchant);
    latest().accept();

    latest().push('order.created');
    latest().push('order.updated');

    expect(invalidatedKeys()).toEqual([ordersKey, directionsKey, ordersKey, directionsKey]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reloads the terminal cards and the devices table when a terminal changes', () => {
    const { invalidatedKeys } = renderConnection(users.merchant);
    latest().accept();

    latest().push('terminal.updated');

    expect(invalidatedKeys()).toEqual([terminalsKey]);
  });

  it('reloads the anti-fraud cases when a rule opens one', () => {
    const { invalidatedKeys } = renderConnection(users.root);
    latest().accept();

    latest().push('anti_fraud.case');

    expect(invalidatedKeys()).toEqual([caseListsKey]);
  });

  it('re-reads the current user when the server refuses the token, and tries again', () => {
    vi.useFakeTimers();
    const { invalidatedKeys } = renderConnection(users.merchant);
    latest().accept();
    latest().push('auth.failed');

    latest().drop(4401);

    expect(invalidatedKeys()).toEqual([currentUserKey]);
    act(() => vi.advanceTimersByTime(reconnectDelayMs));
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes cleanly on sign-out and does not reconnect', () => {
    vi.useFakeTimers();
    const { rerender } = renderConnection(users.merchant);
    const socket = latest();
    socket.accept();

    rerender(null);

    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    act(() => vi.advanceTimersByTime(reconnectDelayMs * 3));
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('does not reconnect after unmount, even with a reconnection pending', () => {
    vi.useFakeTimers();
    const { unmount } = renderConnection(users.merchant);
    latest().accept();
    latest().drop();

    unmount();
    act(() => vi.advanceTimersByTime(reconnectDelayMs * 3));
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
