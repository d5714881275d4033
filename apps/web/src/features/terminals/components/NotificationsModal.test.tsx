import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureReply, prepareI18n, renderApp, users } from '../../../app/testing';
import { cardOf, rowWith, serveTerminals, trader } from '../testApi';
import { notification, terminal } from '../testData';

beforeAll(async () => {
  await Promise.all([import('../pages/DevicesPage'), import('../pages/TerminalsPage')]);
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const phone = terminal({ name: 'Main phone' });

async function openFromDevices() {
  await userEvent
    .setup()
    .click(within(await rowWith('Main phone')).getByRole('button', { name: 'Bank messages of Main phone' }));
  return screen.findByRole('dialog', { name: 'Bank messages of Main phone' });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the bank messages modal', () => {
  it('shows each message with what was read in it, a page at a time', async () => {
    const path = `/terminal/${phone.guid}/notification/`;
    const { queriesOf } = serveTerminals({ terminals: [phone], messages: 45 }, users.root);
    renderApp('/devices');

    const dialog = await openFromDevices();
    const table = await within(dialog).findByRole('table', { name: 'Bank messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Received', 'Title', 'Type', 'App', 'Message', 'Operation', 'Amount', 'Outcome', 'Order']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const [received, title, type, app, body, operation, amount, outcome, order] = cellsOf(rows[0] as HTMLElement);
    expect(received).toMatch(/^\d\d\.03\.2026 \d\d:15:09$/);
    expect([title, type, app, body, operation, amount, outcome]).toEqual([
      'СберБанк',
      'SMS',
      'Paydesk',
      'СЧЁТ2202 10:15 Перевод 100р от Ивана И. Баланс: 15000р',
      'Incoming transfer',
      '100 RUB',
      'Matched',
    ]);
    expect(order).toContain('01a2…0001');
    expect(within(dialog).getByText('Results: 1 - 20 of 45')).toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText('Results: 21 - 40 of 45')).toBeInTheDocument();
    expect(queriesOf(path).map((query) => query.toString())).toEqual(['page=1', 'page=2']);
  });

  it('shows a dash where nothing was read and no order was settled', async () => {
    serveTerminals({ terminals: [phone] }, users.root, {
      [`GET /terminal/${phone.guid}/notification/`]: {
        body: {
          success: true,
          data: {
            items: [
              notification(1, { payload: null, orderGuid: null, outcome: { slug: 'ignored', title: 'Ignored' } }),
            ],
            context: {
              available_filters: [],
              pagination: { total_count: 1, per_page: 20, current_page: 1, page_number: 1 },
            },
          },
        },
      },
    });
    renderApp('/devices');

    const dialog = await openFromDevices();
    const row = (await within(dialog).findByText('Ignored')).closest('tr') as HTMLElement;
    expect(cellsOf(row).slice(5)).toEqual(['—', '—', 'Ignored', '—']);
  });

  it("fails silently, as SPEC §8 has it: 'Some problems.' in place of the list, no toast, no server text", async () => {
    const show = vi.spyOn(notifications, 'show');
    serveTerminals({ terminals: [phone] }, users.root, {
      [`GET /terminal/${phone.guid}/notification/`]: failureReply(403, 'forbidden', 'You may not read these.'),
    });
    renderApp('/devices');

    const dialog = await openFromDevices();
    expect(await within(dialog).findByText('Some problems.')).toBeInTheDocument();
    expect(within(dialog).queryByText('You may not read these.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/^Results:/)).not.toBeInTheDocument();
    expect(show).not.toHaveBeenCalled();
  });

  it("opens from an enabled terminal's card too", async () => {
    const { queriesOf } = serveTerminals({ terminals: [phone] }, trader);
    renderApp('/terminal');

    await userEvent
      .setup()
      .click(within(await cardOf('Main phone')).getByRole('button', { name: 'Bank messages of Main phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bank messages of Main phone' });
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(queriesOf(`/terminal/${phone.guid}/notification/`)).toHaveLength(1);
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serveTerminals({ terminals: [phone] }, users.root);
    renderApp('/devices');

    await userEvent
      .setup()
      .click(within(await rowWith('Main phone')).getByRole('button', { name: 'Банковские сообщения Main phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Банковские сообщения Main phone' });
    const table = await within(dialog).findByRole('table', { name: 'Банковские сообщения' });
    expect(within(table).getByRole('columnheader', { name: 'Получено' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Заказ' })).toBeInTheDocument();
  });
});
