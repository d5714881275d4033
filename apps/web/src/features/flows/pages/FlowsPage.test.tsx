import type { CurrentUser, Flow } from '@paydesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  failureReply,
  mockApi,
  prepareI18n,
  type RecordedCall,
  type Reply,
  renderApp,
  users,
} from '../../../app/testing';
import { copiedTimeoutMs } from '../../../ui/CopyAction';
import {
  cryptoCurrencies,
  fiatCurrencies,
  listOf,
  makeFlow,
  merchants,
  merchantUuid,
  partners,
  rateSources,
  restrictionTypes,
  shopFlow,
  trader2Uuid,
  traderBind,
  traderRestrictions,
  traders,
  traderUuid,
} from '../testData';

type Routes = Parameters<typeof mockApi>[0];

/** Signs in as `user` and serves the flows screen: the list from `state.flows`, read at call time. */
function serve(state: { flows: Flow[] }, extra: Routes = {}, user: CurrentUser = users.root) {
  const urlOf = (call: RecordedCall) =>
    new URL(String(api.fetchMock.mock.calls[api.calls.indexOf(call)]?.[0]), 'http://localhost');
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    'GET /flow': () => envelope(listOf(state.flows)),
    'GET /user': (call) => {
      const type = urlOf(call).searchParams.get('filter[type]');
      return envelope(listOf(type === 'merchant' ? merchants : type === 'trader' ? traders : partners));
    },
    'GET /currency/fiat/': envelope(fiatCurrencies),
    'GET /currency/crypto/': envelope(cryptoCurrencies),
    'GET /flow/currency_rate_source': envelope(rateSources),
    'GET /trader_restriction/type': envelope(restrictionTypes),
    'GET /trader_restriction': envelope(traderRestrictions),
    ...extra,
  });
  return { ...api, urlOf };
}

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function choose(scope: HTMLElement, field: string, option: string) {
  const user = userEvent.setup();
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeAll(async () => {
  await import('./FlowsPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the flows list', () => {
  it('shows every field of a flow, its executors by priority and the actions', async () => {
    serve({ flows: [shopFlow] });
    renderApp('/potoc');

    const row = await rowOf('Shop RUB');
    expect(screen.getByRole('heading', { name: 'Flows', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Name',
      'Merchant',
      'Executors',
      'Currency',
      'Rate',
      'Add executors',
      'Actions',
    ]);
    const [id, name, merchant, executors, currency, rate] = cellsOf(row);
    expect(id).toBe('01a2…1001');
    expect(name).toBe('Shop RUBActive');
    expect(merchant).toBe('merchant01a2…0001');
    // Highest priority first.
    expect(executors).toMatch(/^traderTrader.*PayFlowPartner/);
    const executorList = within(row).getByRole('list', { name: 'Executors of Shop RUB' });
    expect(
      within(executorList)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['trader', 'PayFlow']);
    expect(currency).toBe('RUB / USDT');
    expect(rate).toBe('92.5 RUB per USDTManual rate');
    expect(within(row).getByRole('combobox', { name: 'Priority of trader' })).toHaveValue('10');
    expect(within(row).getByRole('combobox', { name: 'Priority of PayFlow' })).toHaveValue('5');
    // Restrictions are a trader's: none for a partner.
    expect(within(row).getByRole('button', { name: 'Edit restrictions of trader' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View restrictions of trader' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit restrictions of PayFlow' })).not.toBeInTheDocument();
    for (const button of ['Remove trader', 'Remove PayFlow', 'Add executor to Shop RUB', 'Edit Shop RUB']) {
      expect(within(row).getByRole('button', { name: button })).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: 'Currency rate of Shop RUB' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Shop RUB' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('shows the copied mark for 2 s after copying an id', async () => {
    serve({ flows: [shopFlow] });
    renderApp('/potoc');
    const row = await rowOf('Shop RUB');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(within(row).getAllByRole('button', { name: 'Copy' })[0] as HTMLElement);
      expect(await navigator.clipboard.readText()).toBe(shopFlow.uuid);
      expect(within(row).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(copiedTimeoutMs.flow - 50));
      expect(within(row).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(within(row).queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so in Russian when there are no flows', async () => {
    await prepareI18n('ru');
    serve({ flows: [] });
    renderApp('/potoc');

    expect(await screen.findByText('Нет потоков для отображения')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Потоки', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Создать поток' })).toBeInTheDocument();
  });

  it("shows the server's words when the list fails to load", async () => {
    serve({ flows: [] }, { 'GET /flow': failureReply(500, 'internal', 'Something went wrong on our side.') });
    renderApp('/potoc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('is refused to a support admin', async () => {
    const { calls } = serve({ flows: [shopFlow] }, {}, users.support);
    renderApp('/potoc');
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/flow')).toBe(false);
  });
});

describe('creating a flow', () => {
  it('starts as the RUB/USDT inactive draft and sends the manual rate', async () => {
    const state = { flows: [] as Flow[] };
    const created = makeFlow({ name: 'New shop', is_active: false, executors: [] });
    const { calls } = serve(state, {
      'POST /flow/': () => {
        state.flows = [created];
        return envelope(created);
      },
    });
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create flow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create flow' });

    expect(within(dialog).getByRole('combobox', { name: 'Fiat currency' })).toHaveValue('RUB');
    expect(within(dialog).getByRole('combobox', { name: 'Crypto currency' })).toHaveValue('USDT');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Rate source' })).toHaveValue('Manual rate');

    // Sent empty: the contract's messages, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter the flow name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a merchant.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New shop');
    await choose(dialog, 'Merchant', 'merchant');
    await user.type(within(dialog).getByRole('textbox', { name: 'Currency rate' }), '92.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(writes(calls).map((call) => call.body)).toEqual([
      {
        name: 'New shop',
        merchant_uuid: merchantUuid,
        fiat_currency: 'RUB',
        crypto_currency: 'USDT',
        is_active: false,
        currency_rate_source: 'manual',
        currency_rate: '92.5',
      },
    ]);
    expect(await screen.findByText('Flow New shop created')).toBeInTheDocument();
    expect(await rowOf('New shop')).toBeInTheDocument();
  });

  it('sends no rate with the feed, and says "Ошибка при создании потока" with the reason when refused', async () => {
    await prepareI18n('ru');
    const { calls } = serve(
      { flows: [] },
      {
        'POST /flow/': failureReply(409, 'conflict', 'Конфликт данных.'),
      },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Создать поток' }));
    const dialog = await screen.findByRole('dialog', { name: 'Создать поток' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Название' }), 'Feed shop');
    await choose(dialog, 'Мерчант', 'merchant');
    await choose(dialog, 'Источник курса', 'Exchange feed (93.1)');
    expect(within(dialog).queryByRole('textbox', { name: 'Курс валюты' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ошибка при создании потока: Конфликт данных.');
    const [post] = writes(calls);
    expect(post?.body).toMatchObject({ currency_rate_source: 'feed' });
    expect(post?.body).not.toHaveProperty('currency_rate');
  });
});

describe('executors', () => {
  it("adds a trader, and shows the server's 'This trader is already added!' for a second time", async () => {
    let added = false;
    const { calls } = serve(
      { flows: [shopFlow] },
      {
        [`POST /flow/${shopFlow.uuid}/executor`]: (): Reply => {
          if (added) return failureReply(409, 'trader_exists', 'This trader is already added!');
          added = true;
          return envelope(shopFlow);
        },
      },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    const row = await rowOf('Shop RUB');

    for (let round = 0; round < 2; round += 1) {
      await user.click(within(row).getByRole('button', { name: 'Add executor to Shop RUB' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add executor' });
      await choose(dialog, 'Trader', 'trader2');
      await choose(dialog, 'Priority', '7');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      if (round === 0) {
        await waitFor(() => expect(dialog).not.toBeInTheDocument());
        expect(await screen.findByText('Trader trader2 added')).toBeInTheDocument();
      } else {
        expect(await within(dialog).findByRole('alert')).toHaveTextContent('This trader is already added!');
      }
    }
    expect(writes(calls).map((call) => call.body)).toEqual([
      { executor_type: 'trader', executor_id: trader2Uuid, priority: 7 },
      { executor_type: 'trader', executor_id: trader2Uuid, priority: 7 },
    ]);
    // Two rounds through the form: longer than one on a busy machine.
  }, 60_000);

  it('sets a priority at once, and goes back with a toast when the server refuses', async () => {
    let refuse = false;
    const { calls } = serve(
      { flows: [shopFlow] },
      {
        [`PATCH /flow/${shopFlow.uuid}/executor/priority`]: () =>
          refuse ? failureReply(404, 'not_found', 'Not found.') : envelope(shopFlow),
      },
    );
    renderApp('/potoc');
    const row = await rowOf('Shop RUB');

    await choose(row, 'Priority of trader', '3');
    expect(await screen.findByText('Priority of trader updated to 3')).toBeInTheDocument();
    expect(writes(calls).at(-1)?.body).toEqual({ bind_id: traderBind, priority: 3 });

    refuse = true;
    await choose(row, 'Priority of PayFlow', '9');
    expect(await screen.findByText('Error updating trader priority: Not found.')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Priority of PayFlow' })).toHaveValue('5');
  });

  it('removes an executor once confirmed', async () => {
    const { calls } = serve(
      { flows: [shopFlow] },
      { [`DELETE /flow/${shopFlow.uuid}/executor/${traderBind}`]: envelope(shopFlow) },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Remove trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove executor' });
    expect(dialog).toHaveTextContent('Remove trader from flow Shop RUB?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Trader trader removed')).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /flow/${shopFlow.uuid}/executor/${traderBind}`,
    ]);
  });

  it("edits a trader's restrictions in the flow and shows them read-only", async () => {
    const { calls } = serve({ flows: [shopFlow] }, { 'POST /trader_restriction': envelope(traderRestrictions[0]) });
    renderApp('/potoc');
    const user = userEvent.setup();
    const row = await rowOf('Shop RUB');

    await user.click(within(row).getByRole('button', { name: 'View restrictions of trader' }));
    let dialog = await screen.findByRole('dialog', { name: 'Restrictions' });
    expect(await within(dialog).findByRole('textbox', { name: 'Minimum amount' })).toHaveValue('500');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Edit restrictions of trader' }));
    dialog = await screen.findByRole('dialog', { name: 'Restrictions' });
    const volume = await within(dialog).findByRole('textbox', { name: 'Volume per day' });
    await user.type(volume, ' 1000000 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Restrictions of trader saved')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.body)).toEqual([
      { flow_uuid: shopFlow.uuid, trader_uuid: traderUuid, type: 'daily_volume', values: { max_volume: '1000000' } },
    ]);
  });

  it("puts the server's message under the restriction field it names", async () => {
    serve(
      { flows: [shopFlow] },
      {
        'POST /trader_restriction': {
          status: 422,
          body: {
            success: false,
            error: { code: 'validation_failed', message: 'validation_failed' },
            localized_message: 'Some fields are not filled in correctly.',
            errors: { 'values.max_amount': ['The maximum cannot be below the minimum'] },
          },
        },
      },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Edit restrictions of trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrictions' });
    const max = await within(dialog).findByRole('textbox', { name: 'Maximum amount' });
    await user.clear(max);
    await user.type(max, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(max).toHaveAccessibleDescription('The maximum cannot be below the minimum'));
  });
});

describe('flow actions', () => {
  it("shows the server's refusal to delete a flow with open orders", async () => {
    serve(
      { flows: [shopFlow] },
      {
        [`DELETE /flow/${shopFlow.uuid}`]: failureReply(
          409,
          'flow_has_open_orders',
          'The flow has open orders: finish or cancel them first.',
        ),
      },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Delete Shop RUB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete flow' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Error deleting flow: The flow has open orders: finish or cancel them first.'),
    ).toBeInTheDocument();
  });

  it('deletes a flow once confirmed', async () => {
    const state = { flows: [shopFlow] };
    serve(state, {
      [`DELETE /flow/${shopFlow.uuid}`]: () => {
        state.flows = [];
        return envelope(null);
      },
    });
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Delete Shop RUB' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete flow' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Flow Shop RUB deleted')).toBeInTheDocument();
    expect(await screen.findByText('No flows to display')).toBeInTheDocument();
  });

  it('edits the name and the activity, sending only what changed', async () => {
    const { calls } = serve(
      { flows: [shopFlow] },
      { [`PATCH /flow/${shopFlow.uuid}`]: envelope(makeFlow({ is_active: false })) },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Edit Shop RUB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flow Shop RUB' });
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Flow Shop RUB saved')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.body)).toEqual([{ is_active: false }]);
  });

  it('switches to a manual rate and refuses a rate of zero before sending', async () => {
    const feedFlow = makeFlow({ currency_rate_source: 'feed', currency_rate: null });
    const { calls } = serve(
      { flows: [feedFlow] },
      { [`PATCH /flow/${feedFlow.uuid}/currency_rate_source`]: envelope(shopFlow) },
    );
    renderApp('/potoc');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Shop RUB')).getByRole('button', { name: 'Currency rate of Shop RUB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Currency rate' });
    await choose(dialog, 'Rate source', 'Manual rate');
    const rate = within(dialog).getByRole('textbox', { name: 'Currency rate' });
    await user.type(rate, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '95.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Currency rate of flow Shop RUB updated')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.body)).toEqual([{ source: 'manual', rate: '95.25' }]);
  });
});
