import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, prepareI18n, renderApp } from '../../../app/testing';
import { cardOf, serveTerminals, trader } from '../testApi';
import { listOf, notification, terminal } from '../testData';

beforeAll(async () => {
  await import('../pages/TerminalsPage');
}, 60_000);

const realMatchMedia = window.matchMedia;
const phone = terminal({ name: 'Main phone' });

/** A 375 px phone: every `max-width` query of the app matches, every `min-width` one does not. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
}

beforeEach(async () => {
  await prepareI18n('en');
  onPhone();
});

afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.unstubAllGlobals();
});

async function openMessages(buttonName: string, dialogName: string) {
  await userEvent.setup().click(within(await cardOf('Main phone')).getByRole('button', { name: buttonName }));
  return screen.findByRole('dialog', { name: dialogName });
}

describe("a terminal's bank messages on a phone", () => {
  it('are cards with the amount, the order they settled and the outcome first, no table', async () => {
    serveTerminals({ terminals: [phone] }, trader, {
      [`GET /terminal/${phone.guid}/notification/`]: envelope(
        listOf([
          notification(1),
          notification(2, {
            payload: null,
            orderGuid: null,
            outcome: { slug: 'ignored', title: 'Ignored' },
            app: { slug: 'smsforwarder', title: 'SmsForwarder' },
            weakly_authenticated: true,
          }),
        ]),
      ),
    });
    renderApp('/terminal');

    const dialog = await openMessages('Bank messages of Main phone', 'Bank messages of Main phone');
    const list = await within(dialog).findByRole('list', { name: 'Bank messages' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const [settled, ignored] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(settled).toHaveTextContent('100 RUB');
    expect(settled).toHaveTextContent('Incoming transfer');
    expect(settled).toHaveTextContent('Matched');
    expect(settled).toHaveTextContent('Order01a2…0001');
    expect(settled).toHaveTextContent('Paydesk · SMS');
    expect(settled).toHaveTextContent('СЧЁТ2202 10:15 Перевод 100р от Ивана И.');
    expect(ignored).toHaveTextContent('Ignored');
    expect(ignored).toHaveTextContent('Order—');
    expect(ignored).toHaveTextContent('SmsForwarder · SMS');
    expect(ignored).toHaveTextContent('weakly authenticated');
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serveTerminals({ terminals: [phone] }, trader);
    renderApp('/terminal');

    const dialog = await openMessages('Банковские сообщения Main phone', 'Банковские сообщения Main phone');
    const list = await within(dialog).findByRole('list', { name: 'Банковские сообщения' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Заказ01a2…0001');
  });
});
