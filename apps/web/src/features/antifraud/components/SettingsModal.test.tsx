import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, prepareI18n, type Reply, renderApp, users, validationFailure } from '../../../app/testing';
import { serveAntiFraud, writes } from '../testApi';
import { storedSettings } from '../testData';

beforeAll(async () => {
  await import('../pages/AntiFraudPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const labels = [
  'Canceled orders in a row',
  'Share of orders with appeals, %',
  'Pay-out taken and not paid, minutes',
  "One payer's orders per hour",
  'Payers of one requisite per day',
];

async function openSettings(name = 'Rule settings', title = 'Anti-fraud rules') {
  await userEvent.setup().click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // The form appears once the settings in force have been read.
  await within(dialog).findAllByRole('textbox');
  return dialog;
}

describe('the settings modal', () => {
  it('shows one labelled field per rule with what its number means, and saves what changed', async () => {
    const saved: Reply = envelope({ ...storedSettings, trader_cancel_streak: '7', client_orders_per_hour: '40' });
    const { calls } = serveAntiFraud({ cases: [] }, { 'PUT /anti_fraud/settings/': () => saved });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openSettings();
    const fields = within(dialog).getAllByRole<HTMLInputElement>('textbox');
    expect(fields.map((field) => field.labels?.[0]?.textContent)).toEqual(labels);
    expect(fields.map((field) => field.value)).toEqual(['5', '', '30', '', '10']);
    const streak = within(dialog).getByRole('textbox', { name: 'Canceled orders in a row' });
    expect(streak).toHaveAccessibleDescription(
      "A trader's case opens when this many of its finished orders in a row are canceled (2–1000). Empty switches the rule off.",
    );
    expect(within(dialog).getByRole('textbox', { name: 'Share of orders with appeals, %' })).toHaveAttribute(
      'placeholder',
      'Off',
    );

    await user.clear(streak);
    await user.type(streak, ' 7 ');
    await user.type(within(dialog).getByRole('textbox', { name: "One payer's orders per hour" }), '40');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Payers of one requisite per day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Anti-fraud settings saved')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      [
        'PUT',
        '/anti_fraud/settings/',
        { trader_cancel_streak: '7', client_orders_per_hour: '40', requisite_payers_per_day: '' },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks each number against its range before sending, and sends nothing when nothing changed', async () => {
    const { calls } = serveAntiFraud({ cases: [] });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openSettings();
    const streak = within(dialog).getByRole('textbox', { name: 'Canceled orders in a row' });
    await user.clear(streak);
    await user.type(streak, '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Share of orders with appeals, %' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(streak).toHaveAccessibleDescription(
      expect.stringContaining('A whole number from 2 to 1000, or empty to switch the rule off.'),
    );
    expect(within(dialog).getByText('A whole number from 1 to 100, or empty to switch the rule off.')).toBeVisible();
    expect(streak).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    // Typing again clears the field's message.
    await user.clear(streak);
    await user.type(streak, '5');
    expect(streak).not.toHaveAttribute('aria-invalid');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Share of orders with appeals, %' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });

  it("puts the server's field errors under their fields and stays open", async () => {
    const { calls } = serveAntiFraud(
      { cases: [] },
      {
        'PUT /anti_fraud/settings/': validationFailure({
          payout_overdue_minutes: ['A whole number from 1 to 10080, or empty to switch the rule off.'],
        }),
      },
    );
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openSettings();
    const overdue = within(dialog).getByRole('textbox', { name: 'Pay-out taken and not paid, minutes' });
    await user.clear(overdue);
    await user.type(overdue, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const message = await within(dialog).findByText('A whole number from 1 to 10080, or empty to switch the rule off.');
    expect(message.closest('.mantine-InputWrapper-error')).not.toBeNull();
    expect(overdue).toHaveAttribute('aria-invalid', 'true');
    expect(overdue).toHaveAccessibleDescription(expect.stringContaining(message.textContent ?? ''));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Anti-fraud rules' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([['PUT', '/anti_fraud/settings/', { payout_overdue_minutes: '45' }]]);
  });

  it('says under the form why a save failed when no field explains it, and stays open', async () => {
    serveAntiFraud(
      { cases: [] },
      {
        'PUT /anti_fraud/settings/': {
          status: 403,
          body: { success: false, error: { code: 'forbidden' }, localized_message: 'You may not do this.' },
        },
      },
    );
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openSettings();
    await user.type(within(dialog).getByRole('textbox', { name: "One payer's orders per hour" }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not do this.');
    expect(within(dialog).getByRole('textbox', { name: "One payer's orders per hour" })).toHaveValue('20');
  });

  it('shows a support admin the settings read-only, without Save', async () => {
    const { calls } = serveAntiFraud({ cases: [] }, {}, users.support);
    renderApp('/antifraud');

    const dialog = await openSettings();
    for (const field of within(dialog).getAllByRole('textbox')) expect(field).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('Only a full admin may change these settings.');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    if (!close) throw new Error('no Close button in the form');
    await userEvent.setup().click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serveAntiFraud({ cases: [] });
    renderApp('/antifraud');

    const dialog = await openSettings('Настройки правил', 'Правила антифрода');
    const streak = within(dialog).getByRole('textbox', { name: 'Отмены подряд' });
    expect(streak).toHaveAccessibleDescription(
      'Случай трейдера открывается, когда это число его завершённых заказов подряд отменено (2–1000). Пусто — правило выключено.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Доля заказов с апелляциями, %' })).toHaveAttribute(
      'placeholder',
      'Выключено',
    );
    expect(within(dialog).getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
  });
});
