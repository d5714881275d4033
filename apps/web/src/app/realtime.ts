import { notifications } from '@mantine/notifications';
import type { CurrentUser } from '@paydesk/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { caseListsKey } from '../features/antifraud/api/antiFraudKey';
import { directionsKey } from '../features/directions/api/directionsKey';
import { ordersKey } from '../features/orders/api/ordersKey';
import { terminalsKey } from '../features/terminals/api/terminalsKey';
import { formatAmountDisplay } from '../lib/format';
import { i18n } from '../lib/i18n';
import { moneyKey } from '../lib/moneyKey';
import { currentUserKey } from '../lib/query';

/** SPEC §9: the connection is opened again this long after it closes, whatever closed it. */
export const reconnectDelayMs = 5000;

/** The server closes a socket whose auth message it refuses (unknown or ended session) with this code. */
const closeUnauthenticated = 4401;
const closeNormal = 1000;

/** What the server sends: SPEC §7 "Incoming messages have type and message". */
export interface RealtimeEvent {
  type: string;
  message: string;
}

/** The identity of SPEC §7's auth message: the API key (the user id when there is none) and the socket token. */
export interface RealtimeCredentials {
  userId: string;
  token: string;
}

export interface RealtimeHandlers {
  onEvent: (event: RealtimeEvent) => void;
  /** Authenticated again after a lost connection: events of the gap were missed. */
  onReconnected: () => void;
  /** The server refused the credentials; the session may have ended. */
  onRejected: () => void;
}

/** `/ws/` on the page's own host (Vite's dev server proxies it), `wss:` under HTTPS. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/`;
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { type, message } = value as Record<string, unknown>;
    if (typeof type !== 'string') return null;
    return { type, message: typeof message === 'string' ? message : '' };
  } catch {
    return null;
  }
}

/**
 * Opens the real-time connection of SPEC §4 and §7: authenticate with the first message, hand every event over,
 * and open a new socket `reconnectDelayMs` after any close. Returns the function that closes it for good.
 */
export function openRealtimeConnection(credentials: RealtimeCredentials, handlers: RealtimeHandlers): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let opened = 0;

  function connect() {
    const current = new WebSocket(socketUrl());
    const reconnection = opened++ > 0;
    socket = current;
    current.onopen = () => {
      current.send(JSON.stringify({ type: 'auth', client: 'platform', data: credentials }));
    };
    current.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'auth.ok') {
        if (reconnection) handlers.onReconnected();
        return;
      }
      handlers.onEvent(event);
    };
    current.onclose = (event: CloseEvent) => {
      if (stopped) return;
      if (event.code === closeUnauthenticated) handlers.onRejected();
      timer = setTimeout(connect, reconnectDelayMs);
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close(closeNormal);
  };
}

/** SPEC §3 Deposit message: `message` is a JSON string with the amount and the currency's name. */
function depositText(message: string): string {
  try {
    const deposit = JSON.parse(message) as { amount?: unknown; currency?: { name?: unknown; code?: unknown } };
    const amount = typeof deposit.amount === 'string' ? formatAmountDisplay(deposit.amount) : null;
    const currency = deposit.currency?.name ?? deposit.currency?.code;
    // The same in every language: the sign, the amount and the currency's own name.
    if (amount !== null && typeof currency === 'string') return `+${amount} ${currency}`;
  } catch {
    // An unreadable message still means money arrived; say so without the amount.
  }
  return i18n.t('realtime.depositReceived', { ns: 'app' });
}

function refreshMoney(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: moneyKey });
  void queryClient.invalidateQueries({ queryKey: currentUserKey });
}

function handlersFor(queryClient: QueryClient): RealtimeHandlers {
  return {
    onEvent: (event) => {
      if (event.type.includes('added')) {
        notifications.show({
          color: 'teal',
          title: i18n.t('realtime.deposit', { ns: 'app' }),
          message: depositText(event.message),
          closeButtonProps: { 'aria-label': i18n.t('modal.close', { ns: 'ui' }) },
        });
        refreshMoney(queryClient);
      } else if (event.type === 'balance.changed') {
        refreshMoney(queryClient);
      } else if (event.type === 'order.created' || event.type === 'order.updated') {
        void queryClient.invalidateQueries({ queryKey: ordersKey });
        // Open orders and the last 24 hours of each direction move with every order.
        void queryClient.invalidateQueries({ queryKey: directionsKey });
      } else if (event.type === 'bank_message.to_confirm') {
        // A weakly authenticated bank message matched one of the trader's pay-ins: the trader confirms it (DESIGN §19).
        notifications.show({
          color: 'yellow',
          title: i18n.t('realtime.bankMessage', { ns: 'app' }),
          message: i18n.t('realtime.bankMessageToConfirm', { ns: 'app' }),
          closeButtonProps: { 'aria-label': i18n.t('modal.close', { ns: 'ui' }) },
        });
        void queryClient.invalidateQueries({ queryKey: ordersKey });
      } else if (event.type === 'terminal.updated') {
        // A device paired, came back or went quiet: the terminal cards and the devices table show it.
        void queryClient.invalidateQueries({ queryKey: terminalsKey });
      } else if (event.type === 'security.two_factor_locked') {
        // Someone knew the password and sent five wrong codes (DESIGN §3): the owner is told wherever it is signed in.
        notifications.show({
          color: 'red',
          autoClose: false,
          title: i18n.t('realtime.securityTitle', { ns: 'app' }),
          message: i18n.t('realtime.twoFactorLocked', { ns: 'app' }),
          closeButtonProps: { 'aria-label': i18n.t('modal.close', { ns: 'ui' }) },
        });
      } else if (event.type === 'anti_fraud.case') {
        // A rule opened a case: the admins' list shows it without a reload. The settings form is left alone.
        void queryClient.invalidateQueries({ queryKey: caseListsKey });
      }
    },
    onReconnected: () => {
      refreshMoney(queryClient);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: terminalsKey });
      void queryClient.invalidateQueries({ queryKey: caseListsKey });
      void queryClient.invalidateQueries({ queryKey: directionsKey });
    },
    // A fresh socket token comes with the current user; if the session ended, re-reading it signs the user out.
    onRejected: () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
  };
}

/**
 * Keeps the real-time connection open while `user` is signed in: deposit toasts, fresh balances on every money
 * event. The shell passes null on public pages and after sign-out, which closes the connection.
 */
export function useRealtime(user: CurrentUser | null): void {
  const queryClient = useQueryClient();
  const userId = user ? (user.apiKeys.key ?? user.userId) : null;
  const token = user?.ws_token ?? null;

  useEffect(() => {
    if (userId === null || token === null || typeof WebSocket === 'undefined') return;
    return openRealtimeConnection({ userId, token }, handlersFor(queryClient));
  }, [userId, token, queryClient]);
}
