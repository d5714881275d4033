import type { CurrentUser, Dispute } from '@paydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  envelope,
  failureReply,
  makeUser,
  mockApi,
  prepareI18n,
  type RecordedCall,
  renderApp,
  users,
} from '../../../app/testing';
import { disputeListOf, disputeOpen, disputePdf, disputeResolved, makeDispute, orderListOf } from '../testData';
import { headers, rowWith, setUpOrderScreens } from '../testSupport';

type Routes = Parameters<typeof mockApi>[0];

/**
 * Signs in as `user` and serves its order lists empty and its dispute list at `path` from `state` (read at call time,
 * so a test can close a dispute and see the reload drop it).
 */
function serveAppeals(user: CurrentUser, path: string, state: { disputes: Dispute[] }, extra: Routes = {}) {
  const orderPath = user.role === 'admin' ? '/order' : `/${user.role}/order`;
  const api = mockApi({
    'GET /user/current': envelope({ data: user }),
    [`GET ${orderPath}`]: envelope(orderListOf([])),
    [`GET ${path}`]: () => envelope(disputeListOf(state.disputes)),
    ...extra,
  });
  /** The query string of every call to the dispute list, in order. */
  const queries = () =>
    api.calls.flatMap((call, index) =>
      call.method === 'GET' && call.path === path
        ? [new URL(String(api.fetchMock.mock.calls[index]?.[0]), 'http://localhost').searchParams]
        : [],
    );
  return { ...api, queries };
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

setUpOrderScreens();

const trader = makeUser({ role: 'trader', username: 'trader' });
const partner = makeUser({ role: 'partner', username: 'partner' });
/** The columns of SPEC §2.12 everyone with the tab sees, then the row's actions (the admin's check among them). */
const appealHeaders = [
  'Order ID',
  'Fiat amount',
  'Merchant',
  'Executor',
  'Reason',
  'Created',
  'Appeal ID',
  'Status',
  'Actions',
];
const statusPath = (dispute: Dispute) => `/dispute/${dispute.uuid}/status`;

describe('the APPEALS tab', () => {
  it.each([
    ['trader', trader],
    ['partner', partner],
  ])('is not there for a %s, even asked for in the address', async (_role, user) => {
    const { calls } = serveAppeals(user, `/${user.role}/dispute/`, { disputes: [] });
    renderApp('/active?tab=appeals');

    expect(await screen.findByRole('tab', { name: 'Pay-in', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Pay-in', 'Pay-out']);
    await screen.findByText('No active orders');
    expect(calls.some((call) => call.path.includes('dispute'))).toBe(false);
  });

  it("loads an admin's open disputes on /active with every column of SPEC §2.12", async () => {
    const { queries } = serveAppeals(users.root, '/dispute/', { disputes: [disputeOpen, disputePdf] });
    renderApp('/active');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Appeals' }));
    const row = await rowWith('01a2…00d1');
    expect(queries()[0]?.get('filter[status]')).toBe('open');
    expect(queries()[0]?.get('page')).toBe('1');
    // The server's default page size of 20 applies until the user picks another (SPEC §9).
    expect(queries()[0]?.has('count')).toBe(false);
    expect(screen.getByRole('table', { name: 'Open appeals' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Open appeals' })).toHaveAttribute('tabindex', '0');
    expect(headers()).toEqual(appealHeaders);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('01a2…00c4');
    expect(cells[1]).toBe('1,500 RUB');
    expect(cells.slice(2, 4)).toEqual(['merchant', 'trader']);
    expect(cells[4]).toContain('Payment made but not credited');
    expect(cells[4]).toContain('Paid 1,500 RUB');
    expect(cells[5]).toMatch(/^05\.03\.2026 \d\d:00:00$/);
    expect(cells[6]).toBe('01a2…00d1');
    // The status is a badge; deciding is two buttons in words, no status dropdown (issue 32 item 6).
    expect(row.querySelector('[data-status]')).toHaveAttribute('data-status', 'open');
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Resolve appeal 01a2…00d1' })).toHaveTextContent('Resolve');
    expect(within(row).getByRole('button', { name: 'Reject appeal 01a2…00d1' })).toHaveTextContent('Reject');
    expect(within(row).getByRole('button', { name: 'Open appeal 01a2…00d1' })).toHaveTextContent('Open');
    expect(within(row).getByRole('button', { name: 'Show check of appeal 01a2…00d1' })).toBeInTheDocument();
    expect(screen.getByText('Results: 1 - 2 of 2')).toBeInTheDocument();
  });

  it('shows a merchant its closed disputes on /history, read-only, with a corrected amount marked', async () => {
    const { queries } = serveAppeals(users.merchant, '/merchant/dispute/', { disputes: [disputeResolved] });
    renderApp('/history?tab=appeals');

    const row = await rowWith('01a2…00d3');
    expect(queries()[0]?.get('filter[status]')).toBe('rejected,resolved');
    expect(screen.getByRole('table', { name: 'Closed appeals' })).toBeInTheDocument();
    expect(headers()).toEqual(appealHeaders);
    expect(row).toHaveTextContent('1,400 RUBCorrected on resolution');
    expect(row).toHaveTextContent('OtherThe payer sent a screenshot by mail.');
    expect(within(row).getByText('Resolved').closest('[data-status]')).toHaveAttribute('data-status', 'resolved');
    expect(row).toHaveTextContent(/Closed 05\.03\.2026/);
    expect(within(row).queryByRole('button', { name: /^(Resolve|Reject) appeal/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /check/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Open appeal 01a2…00d3' })).toBeInTheDocument();
  });

  it('gives a support admin the check but neither Resolve nor Reject', async () => {
    serveAppeals(users.support, '/dispute/', { disputes: [disputeOpen] });
    renderApp('/active?tab=appeals');

    const row = await rowWith('01a2…00d1');
    expect(within(row).queryByRole('button', { name: /^(Resolve|Reject) appeal/ })).not.toBeInTheDocument();
    expect(row.querySelector('[data-status]')).toHaveAttribute('data-status', 'open');
    expect(row.querySelector('[data-status]')).toHaveTextContent('Open');
    expect(within(row).getByRole('button', { name: 'Show check of appeal 01a2…00d1' })).toBeInTheDocument();
  });

  it('says why the list could not load', async () => {
    serveAppeals(
      users.root,
      '/dispute/',
      { disputes: [] },
      {
        'GET /dispute/': failureReply(500, 'internal', 'Something went wrong on our side.'),
      },
    );
    renderApp('/active?tab=appeals');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});

describe('Resolve and Reject', () => {
  it('asks before rejecting with what the appeal is about, sends rejected, says so and reloads', async () => {
    const state = { disputes: [disputeOpen] };
    const { calls, queries } = serveAppeals(users.root, '/dispute/', state, {
      [`PUT ${statusPath(disputeOpen)}`]: () => {
        state.disputes = [];
        return envelope(makeDispute({ status: { slug: 'rejected', title: 'Rejected' } }));
      },
    });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00d1');
    await user.click(within(row).getByRole('button', { name: 'Reject appeal 01a2…00d1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the appeal?' });
    expect(dialog).toHaveTextContent('Order 01a2…00c4 goes back to how it was before the appeal: no money moves');
    expect(within(dialog).getByRole('rowheader', { name: 'Merchant' }).nextElementSibling).toHaveTextContent(
      'merchant',
    );
    expect(within(dialog).getByRole('rowheader', { name: 'Executor' }).nextElementSibling).toHaveTextContent('trader');
    expect(within(dialog).getByRole('rowheader', { name: 'Amount' }).nextElementSibling).toHaveTextContent('1,500 RUB');
    // Back sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Reject appeal 01a2…00d1' }));
    const again = await screen.findByRole('dialog', { name: 'Reject the appeal?' });
    await user.click(within(again).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Appeal 01a2…00d1 is rejected: the order is back as it was')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['PUT', statusPath(disputeOpen), { status: 'rejected' }]]);
    expect(await screen.findByText('No open appeals')).toBeInTheDocument();
    expect(queries().length).toBeGreaterThanOrEqual(2);
  });

  it("says the server's refusal in the confirmation and leaves the dispute open", async () => {
    const { calls } = serveAppeals(
      users.root,
      '/dispute/',
      { disputes: [disputeOpen] },
      {
        [`PUT ${statusPath(disputeOpen)}`]: failureReply(
          409,
          'dispute_status_conflict',
          'Only an open dispute can be rejected or resolved.',
        ),
      },
    );
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00d1');
    await user.click(within(row).getByRole('button', { name: /^Reject appeal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the appeal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an open dispute can be rejected or resolved.',
    );
    expect(writes(calls)).toHaveLength(1);
    expect(row.querySelector('[data-status]')).toHaveAttribute('data-status', 'open');
  });

  it('asks before resolving, takes a corrected amount, shows its refusal under it, then resolves', async () => {
    const state = { disputes: [disputeOpen] };
    let answers = 0;
    const { calls } = serveAppeals(users.root, '/dispute/', state, {
      [`PUT ${statusPath(disputeOpen)}`]: () => {
        answers += 1;
        if (answers === 1) {
          return {
            status: 422,
            body: {
              success: false,
              error: { code: 'validation_failed', message: 'validation_failed' },
              localized_message: 'Some fields are not filled in correctly.',
              errors: { fiat_amount: ['Enter an amount above zero with at most two decimals.'] },
            },
          };
        }
        state.disputes = [];
        return envelope(makeDispute({ status: { slug: 'resolved', title: 'Resolved' } }));
      },
    });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00d1');
    await user.click(within(row).getByRole('button', { name: /^Resolve appeal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the appeal?' });
    expect(dialog).toHaveTextContent('Order 01a2…00c4 becomes paid');
    // Back sends nothing and the dispute stays open.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(row).getByRole('button', { name: /^Resolve appeal/ }));
    const again = await screen.findByRole('dialog', { name: 'Resolve the appeal?' });
    const amount = within(again).getByRole('textbox', { name: 'Amount actually paid, RUB' });
    expect(within(again).getByText('Leave empty to keep 1,500 RUB.')).toBeInTheDocument();
    await user.type(amount, '1400.5');
    await user.click(within(again).getByRole('button', { name: 'Resolve' }));
    expect(await within(again).findByText('Enter an amount above zero with at most two decimals.')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Appeal 01a2…00d1 is resolved: the order is paid')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['PUT', statusPath(disputeOpen), { status: 'resolved', fiat_amount: '1400.5' }],
      ['PUT', statusPath(disputeOpen), { status: 'resolved', fiat_amount: '1400.5' }],
    ]);
    expect(await screen.findByText('No open appeals')).toBeInTheDocument();
  });

  it('resolves at the order amount when no amount is given', async () => {
    const { calls } = serveAppeals(
      users.root,
      '/dispute/',
      { disputes: [disputeOpen] },
      {
        [`PUT ${statusPath(disputeOpen)}`]: envelope(makeDispute({ status: { slug: 'resolved', title: 'Resolved' } })),
      },
    );
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00d1')).getByRole('button', { name: /^Resolve appeal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the appeal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', statusPath(disputeOpen), { status: 'resolved' }]]));
  });
});

describe('Show check', () => {
  it('previews an image in a dialog and downloads a PDF', async () => {
    serveAppeals(users.root, '/dispute/', { disputes: [disputeOpen, disputePdf] });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    const pdfRow = await rowWith('01a2…00d2');
    const pdf = within(pdfRow).getByRole('link', { name: 'Download the check of appeal 01a2…00d2, a PDF' });
    expect(pdf).toHaveAttribute('href', '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000fa');
    expect(pdf).toHaveAttribute('download');

    await user.click(
      within(await rowWith('01a2…00d1')).getByRole('button', { name: 'Show check of appeal 01a2…00d1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Check of appeal 01a2…00d1' });
    const image = within(dialog).getByRole('img', { name: 'Check receipt.png of appeal 01a2…00d1' });
    expect(image).toHaveAttribute('src', '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000f9');
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when a dispute has no file', async () => {
    serveAppeals(users.root, '/dispute/', { disputes: [makeDispute({ files: [] })] });
    renderApp('/active?tab=appeals');

    expect(within(await rowWith('01a2…00d1')).getByText('No file')).toBeInTheDocument();
  });
});

describe('in Russian', () => {
  it('names the tab, the columns and the statuses in Russian', async () => {
    await prepareI18n('ru');
    serveAppeals(users.root, '/dispute/', { disputes: [disputeOpen] });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    const row = await rowWith('01a2…00d1');
    expect(screen.getByRole('tab', { name: 'Апелляции', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Открытые апелляции' })).toBeInTheDocument();
    expect(headers()).toEqual([
      'ID заказа',
      'Сумма в фиате',
      'Мерчант',
      'Исполнитель',
      'Причина',
      'Создана',
      'ID апелляции',
      'Статус',
      'Действия',
    ]);
    expect(within(row).getByRole('button', { name: 'Показать чек апелляции 01a2…00d1' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Решить апелляцию 01a2…00d1' })).toHaveTextContent('Решить');
    expect(within(row).getByRole('button', { name: 'Отклонить апелляцию 01a2…00d1' })).toHaveTextContent('Отклонить');
    await user.click(within(row).getByRole('button', { name: 'Открыть апелляцию 01a2…00d1' }));
    const appeal = await screen.findByRole('dialog', { name: 'Апелляция 01a2…00d1' });
    expect(within(appeal).getByText('Что сообщил плательщик')).toBeInTheDocument();
    expect(within(appeal).getByRole('rowheader', { name: 'Оплаченная сумма' })).toBeInTheDocument();
    expect(within(appeal).getByRole('button', { name: 'Открыть заказ' })).toBeInTheDocument();
  });
});

describe('the appeal as a case', () => {
  it("shows the order's way in, the payer's words as written, the receipt in place, and decides from there", async () => {
    const worded = makeDispute({
      fields: {
        paid_amount: '1500',
        paid_at: '2026-03-05T07:05:00.000Z',
        comment: 'Оплатил с карты жены,\nчек приложил',
      },
    });
    serveAppeals(users.root, '/dispute/', { disputes: [worded] });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00d1')).getByRole('button', { name: 'Open appeal 01a2…00d1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal 01a2…00d1' });
    expect(within(dialog).getByText('What the payer says')).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'Amount paid' }).nextElementSibling).toHaveTextContent(
      '1,500 RUB',
    );
    // The labels are the interface's; the words are the payer's, line breaks and language kept.
    const words = within(dialog).getByRole('group', { name: "The payer's own words" });
    expect(words.textContent).toBe('Оплатил с карты жены,\nчек приложил');
    expect(within(dialog).getByRole('img', { name: 'Check receipt.png of appeal 01a2…00d1' })).toHaveAttribute(
      'src',
      '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000f9',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByRole('dialog', { name: 'Resolve the appeal?' })).toBeInTheDocument();
  });

  it('offers the PDF receipt to download and opens the order from the case', async () => {
    serveAppeals(users.merchant, '/merchant/dispute/', { disputes: [disputePdf] });
    renderApp('/active?tab=appeals');
    const user = userEvent.setup();

    await user.click(within(await rowWith('01a2…00d2')).getByRole('button', { name: 'Open appeal 01a2…00d2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal 01a2…00d2' });
    const pdf = within(dialog).getByRole('link', { name: 'Download the PDF receipt receipt.pdf' });
    expect(pdf).toHaveAttribute('href', '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000fa');
    expect(pdf).toHaveAttribute('download', 'receipt.pdf');
    // A merchant reads the case but does not decide it.
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Appeal 01a2…00d2' })).not.toBeInTheDocument());
  });
});
