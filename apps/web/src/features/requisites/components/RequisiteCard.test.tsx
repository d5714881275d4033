import type { Requisite } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, type Reply, renderApp } from '../../../app/testing';
import { cardRequisite, listOf, sbpRequisite, traderUuid } from '../testData';

const trader = makeUser({ role: 'trader', username: 'trader', userId: traderUuid });
const realMatchMedia = window.matchMedia;

/** A 375 px phone: every `max-width` query of the app matches, every `min-width` one does not. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
}

function serve(items: Requisite[], update?: Reply) {
  return mockApi({
    'GET /user/current': envelope({ data: trader }),
    'GET /trader/requisite': () => envelope(listOf(items)),
    ...(update ? { [`PUT /requisite/${cardRequisite.id}`]: update } : {}),
  });
}

beforeEach(async () => {
  await prepareI18n('en');
  onPhone();
});

afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.unstubAllGlobals();
});

describe("the trader's requisites on a phone", () => {
  it('are cards with the bank, the details, the on/off switch and the actions in words, no table', async () => {
    serve([cardRequisite, sbpRequisite]);
    renderApp('/requisite');

    const list = await screen.findByRole('list', { name: 'Requisites' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: 'Requisite Sber card' });
    expect(card).toHaveTextContent('Sberbank');
    expect(card).toHaveTextContent('Russian ruble');
    expect(card).toHaveTextContent('IVAN PETROV');
    expect(card).toHaveTextContent('Active');
    expect(within(card).getByRole('switch', { name: 'Active: Sber card' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Restrictions' })).toBeInTheDocument();
    const off = within(list).getByRole('listitem', { name: 'Requisite Ozon SBP' });
    expect(within(off).getByRole('switch', { name: 'Active: Ozon SBP' })).not.toBeChecked();
    expect(off).toHaveTextContent('Inactive');
  });

  it('sends { is_active } alone from the switch and keeps it once the server takes it', async () => {
    const { calls } = serve([cardRequisite], envelope({ ...cardRequisite, is_active: false }));
    renderApp('/requisite');
    const toggle = await screen.findByRole('switch', { name: 'Active: Sber card' });

    await userEvent.setup().click(toggle);

    expect(await screen.findByText('Requisite Sber card is inactive')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      [`/requisite/${cardRequisite.id}`, { is_active: false }],
    ]);
  });

  it("turns the switch back with the server's reason when the change fails", async () => {
    serve([cardRequisite], failureReply(409, 'conflict', 'The requisite has open orders.'));
    renderApp('/requisite');
    const toggle = await screen.findByRole('switch', { name: 'Active: Sber card' });

    await userEvent.setup().click(toggle);

    expect(
      await screen.findByText('Status of Sber card not changed: The requisite has open orders.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('opens the restrictions for editing from the card', async () => {
    serve([cardRequisite]);
    renderApp('/requisite');
    const card = await screen.findByRole('listitem', { name: 'Requisite Sber card' });

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Restrictions' }));

    expect(await screen.findByRole('dialog', { name: /Restrictions/ })).toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serve([cardRequisite]);
    renderApp('/requisite');

    const card = await screen.findByRole('listitem', { name: 'Реквизит Sber card' });
    expect(within(card).getByRole('switch', { name: 'Активен: Sber card' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Ограничения' })).toBeInTheDocument();
  });
});
