import type { TerminalForwarding, TerminalForwardingSummary } from '@paydesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, prepareI18n, renderApp, users } from '../../../app/testing';
import { cardOf, serveTerminals, trader, writes } from '../testApi';
import { pairingQr, terminal } from '../testData';

beforeAll(async () => {
  await import('../pages/TerminalsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

const phone = terminal({ name: 'Redmi', slug: 'unassigned' });
const path = `/terminal/${phone.guid}/forwarding`;

const link: TerminalForwarding = {
  url: 'https://paydesk.example/api/device/v1/forward/AbCdEfGhIjKlMnOpQrStUv',
  url_qr: pairingQr,
  url_refused: null,
  signing_key: 'k3y-of-the-link',
  apps: [
    {
      app: 'smsgate',
      title: 'SMSGate',
      how: ['Open Settings → Webhooks'],
      template: 'curl …',
      weak_authentication: false,
    },
    {
      app: 'smsforwarder',
      title: 'SmsForwarder',
      how: ['Open Senders → Webhook'],
      template: '{"sign":"[sign]"}',
      weak_authentication: true,
    },
    {
      app: 'sms-gateway-webhook',
      title: 'SMS Gateway webhook',
      how: ['Tap Add'],
      template: '{"from":"%from%"}',
      weak_authentication: false,
    },
  ],
  created_at: '2026-03-05T07:08:09.000Z',
  last_message_at: null,
};

async function open() {
  await userEvent
    .setup()
    .click(within(await cardOf('Redmi')).getByRole('button', { name: 'Connect an app you already have to Redmi' }));
  return screen.findByRole('dialog', { name: 'Connect an app you already have: Redmi' });
}

describe('connecting an app the trader already has (DESIGN §19)', () => {
  it('creates the link, then walks through the chosen app with its key, template and weak-signature warning', async () => {
    let current: TerminalForwarding | null = null;
    const api = serveTerminals({ terminals: [phone] }, trader, {
      [`GET ${path}`]: () => envelope(current),
      [`POST ${path}`]: () => {
        current = link;
        return { status: 201, body: { success: true, data: link } };
      },
    });
    renderApp('/terminal');
    const dialog = await open();
    expect(await within(dialog).findByText('This terminal has no forwarding link yet.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('only once an admin has approved this terminal');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create a link' }));

    expect(await within(dialog).findByText(link.url)).toBeInTheDocument();
    expect(within(dialog).getByText(link.signing_key)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code of the forwarding link' })).toBeInTheDocument();
    expect(within(dialog).getByText('Open Settings → Webhooks')).toBeInTheDocument();
    expect(within(dialog).getByText('No message received yet.')).toHaveAttribute('role', 'status');
    expect(within(dialog).queryByText('Weaker protection')).not.toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('radio', { name: 'SmsForwarder' }));
    expect(within(dialog).getByText('Weaker protection')).toBeInTheDocument();
    expect(within(dialog).getByText('Open Senders → Webhook')).toBeInTheDocument();
    expect(within(dialog).getByText('{"sign":"[sign]"}')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([['POST', path, undefined]]);
  });

  it("shows a support admin the link's app and state, never its URL or key, with nothing to change", async () => {
    const summary: TerminalForwardingSummary = {
      restricted: true,
      app: { slug: 'smsforwarder', title: 'SmsForwarder' },
      created_at: '2026-03-05T07:08:09.000Z',
      last_message_at: '2026-03-05T09:10:11.000Z',
    };
    serveTerminals({ terminals: [phone] }, users.support, { [`GET ${path}`]: envelope(summary) });
    renderApp('/terminal');
    const dialog = await open();
    expect(await within(dialog).findByText(/This terminal has a forwarding link, made/)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Last message received through SmsForwarder');
    expect(dialog).toHaveTextContent("shown only to the terminal's trader and to admins who manage terminals");
    expect(dialog).not.toHaveTextContent('Pick the app');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    for (const name of ['Create a link', 'New link and key', 'Revoke link', 'Copy']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says the same to a support admin in Russian, before the first message too', async () => {
    await prepareI18n('ru');
    const summary: TerminalForwardingSummary = {
      restricted: true,
      app: null,
      created_at: '2026-03-05T07:08:09.000Z',
      last_message_at: null,
    };
    serveTerminals({ terminals: [phone] }, users.support, { [`GET ${path}`]: envelope(summary) });
    renderApp('/terminal');
    await userEvent
      .setup()
      .click(
        within(await cardOf('Redmi')).getByRole('button', { name: 'Подключить к Redmi приложение, которое уже есть' }),
      );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/У терминала есть ссылка пересылки, создана/)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Сообщений ещё не было.');
    expect(dialog).toHaveTextContent('Ссылку и ключ подписи видят только трейдер терминала');
  });
});
