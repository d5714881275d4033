import type { Order } from '@paydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
import { disputeListOf, disputeReasons, makeDispute, makeOrder, orderListOf, payInCanceled } from '../testData';
import { rowWith, setUpOrderScreens } from '../testSupport';

/** The admin's canceled pay-in that an executor had taken: the server offers `dispute` on it. */
const canceled = makeOrder({ ...payInCanceled, actions: ['webhook_resend', 'dispute'] });

/** The first bytes of a PNG: what the server checks a receipt's content by. */
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const receipt = () => new File([pngBytes], 'receipt.png', { type: 'image/png' });

/** Signs in root on /history with the canceled pay-in; `answers` replies to each POST /dispute in turn. */
function serveHistory(answers: Reply[] = [], reasons: Reply = envelope(disputeReasons)) {
  const lists = { pay_in: [canceled] as Order[] };
  const api = mockApi({
    'GET /user/current': envelope({ data: users.root }),
    'GET /order': () => envelope(orderListOf(lists.pay_in)),
    'GET /dispute/': envelope(disputeListOf([])),
    'GET /dispute/reason': reasons,
    'POST /dispute': () => {
      const answer = answers.shift() ?? envelope(makeDispute());
      if ((answer.status ?? 200) === 200)
        lists.pay_in = [{ ...canceled, status: { slug: 'dispute', title: 'Dispute' } }];
      return answer;
    },
  });
  const orderLoads = () => api.calls.filter((call) => call.method === 'GET' && call.path === '/order').length;
  return { ...api, orderLoads };
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

async function openModal() {
  const user = userEvent.setup({ applyAccept: false });
  const row = await rowWith('01a2…00c4');
  await user.click(within(row).getByRole('button', { name: 'Open an appeal on order 01a2…00c4' }));
  const dialog = await screen.findByRole('dialog', { name: 'Open an appeal' });
  return { user, dialog };
}

async function chooseReason(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, reason: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
  await user.click(await screen.findByRole('option', { name: reason }));
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLElement;

setUpOrderScreens();

describe('the dispute modal', () => {
  it("shows the order read-only and each reason's own fields", async () => {
    const { calls } = serveHistory();
    renderApp('/history');
    const { user, dialog } = await openModal();

    const order = await within(dialog).findByRole('textbox', { name: 'Order' });
    expect(order).toHaveValue(canceled.guid);
    expect(order).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('Pay-in of 1,500 RUB, Canceled');
    // SPEC §2.12: Dispute and Close (the modal's own cross is named Close too).
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);

    // No reason yet: the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await chooseReason(user, dialog, 'Payment made but not credited');
    expect(within(dialog).getByRole('textbox', { name: 'Amount paid, RUB' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Paid at/)).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();

    await chooseReason(user, dialog, 'Other');
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Amount paid, RUB' })).not.toBeInTheDocument();

    await chooseReason(user, dialog, 'Duplicate payment');
    expect(within(dialog).queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    // The required fields of a reason are checked before anything is sent.
    await chooseReason(user, dialog, 'Wrong amount paid');
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("reads the receipt as a data URL, keeps the form open on the server's field errors, then opens the dispute", async () => {
    const refusal: Reply = {
      status: 422,
      body: {
        success: false,
        error: { code: 'validation_failed', message: 'validation_failed' },
        localized_message: 'Some fields are not filled in correctly.',
        errors: { paid_amount: ['The paid amount is too large.', 'second'], files: ['The file is larger than 5 MB.'] },
      },
    };
    const { calls, orderLoads } = serveHistory([refusal]);
    renderApp('/history');
    const { user, dialog } = await openModal();

    await chooseReason(user, dialog, 'Payment made but not credited');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount paid, RUB' }), '1500');
    fireEvent.change(within(dialog).getByLabelText(/^Paid at/), { target: { value: '2026-03-05T10:30' } });
    await user.upload(fileInput(dialog), receipt());
    expect(dialog).toHaveTextContent('receipt.png');
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));

    // The first message of each field, under its field; the form stays open.
    expect(await within(dialog).findByText('The paid amount is too large.')).toBeInTheDocument();
    expect(within(dialog).getByText('The file is larger than 5 MB.')).toBeInTheDocument();
    expect(within(dialog).queryByText('second')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Open an appeal' })).toBeInTheDocument();

    const loadsBefore = orderLoads();
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await screen.findByText('An appeal is open on order 01a2…00c4')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(orderLoads()).toBeGreaterThan(loadsBefore));

    const sent = posts(calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.path).toBe('/dispute');
    expect(sent[1]?.body).toEqual({
      order_uuid: canceled.guid,
      reason: 'payment_not_credited',
      paid_amount: '1500',
      paid_at: new Date('2026-03-05T10:30').toISOString(),
      files: [{ name: 'receipt.png', data: `data:image/png;base64,${btoa(String.fromCharCode(...pngBytes))}` }],
    });
  });

  it("refuses a file of another type at once and says the server's refusal under the form", async () => {
    const { calls } = serveHistory([failureReply(409, 'dispute_exists', 'A dispute is already open on this order.')]);
    renderApp('/history');
    const { user, dialog } = await openModal();

    await user.upload(fileInput(dialog), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Attach a PNG, JPG or PDF file.')).toBeInTheDocument();
    await chooseReason(user, dialog, 'Duplicate payment');
    await user.click(within(dialog).getByRole('button', { name: 'Open the appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A dispute is already open on this order.');
    // The refused file was not taken: nothing was read or sent.
    expect(posts(calls)[0]?.body).toEqual({ order_uuid: canceled.guid, reason: 'duplicate_payment', files: [] });
  });

  it('says when the reasons could not be loaded', async () => {
    serveHistory([], failureReply(500, 'internal', 'Something went wrong on our side.'));
    renderApp('/history');
    const { dialog } = await openModal();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    // SPEC §2.12: Dispute and Close (the modal's own cross is named Close too).
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('speaks Russian, reasons included', async () => {
    await prepareI18n('ru');
    serveHistory();
    renderApp('/history');
    const user = userEvent.setup();

    await user.click(
      within(await rowWith('01a2…00c4')).getByRole('button', { name: 'Открыть апелляцию по заказу 01a2…00c4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Открыть апелляцию' });
    expect(within(dialog).getByRole('textbox', { name: 'Заказ' })).toHaveValue(canceled.guid);
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Оплата прошла, но не зачислена' }));
    expect(within(dialog).getByRole('textbox', { name: 'Оплаченная сумма, RUB' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Время оплаты/)).toBeInTheDocument();
    expect(within(dialog).getByText('PNG, JPG или PDF, до 5 МБ')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Открыть апелляцию' })).toBeInTheDocument();
    expect(within(dialog).getByText('Закрыть', { selector: 'button *' })).toBeInTheDocument();
  });
});
