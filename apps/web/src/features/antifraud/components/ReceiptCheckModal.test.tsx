import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, prepareI18n, type RecordedCall, renderApp, users, validationFailure } from '../../../app/testing';
import { serveAntiFraud, writes } from '../testApi';
import { pdfFile, receiptResult } from '../testData';
import { formatReceiptDay } from './ReceiptCheckModal';

beforeAll(async () => {
  await import('../pages/AntiFraudPage');
}, 60_000);

beforeEach(async () => {
  vi.stubEnv('TZ', 'Asia/Vladivostok');
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const receiptPath = 'POST /anti_fraud/receipt/';

async function openReceipt(button = 'Check a receipt', title = 'Check a receipt') {
  await userEvent.setup().click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** The picker's hidden file input, which the "Choose a PDF" button opens. */
function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('the receipts check', () => {
  it('sends the chosen PDF as a data URL and shows what it read and the matching orders', async () => {
    const { calls } = serveAntiFraud({ cases: [] }, { [receiptPath]: envelope(receiptResult) });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openReceipt();
    expect(within(dialog).getByRole('button', { name: 'Choose a PDF' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Drop a PDF receipt here');
    expect(fileInput(dialog)).toHaveAttribute('accept', 'application/pdf,.pdf');
    await user.upload(fileInput(dialog), pdfFile());

    const orders = await within(dialog).findByRole('region', { name: 'Matching orders' });
    const [post] = writes(calls);
    expect(post?.slice(0, 2)).toEqual(['POST', '/anti_fraud/receipt/']);
    expect(post?.[2]).toEqual({
      file: { name: 'receipt.pdf', data: `data:application/pdf;base64,${btoa('%PDF-1.4\n%receipt\n')}` },
    });
    expect(dialog).toHaveTextContent('Receipt: receipt.pdf');
    expect(dialog).toHaveTextContent('Amounts read:1,500');
    expect(dialog).toHaveTextContent('Dates read:05.03.2026');
    expect(
      within(orders)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Status', 'Amount', 'Merchant', 'Executor', 'Created (UTC)']);
    const [row] = within(orders).getAllByRole('row').slice(1);
    if (!row) throw new Error('no order row');
    expect(within(row).getByText('01a2…00c7')).toHaveAttribute('title', receiptResult.orders[0]?.guid);
    expect(within(row).getByText('Paid').closest('[data-status]')).toHaveAttribute('data-status', 'paid');
    expect(row).toHaveTextContent('1,500 RUB');
    expect(row).toHaveTextContent('16.21... USDT');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(3),
    ).toEqual(['merchant', 'trader', '05.03.2026 22:10:00 UTC']);
    expect(within(dialog).getByRole('button', { name: 'Choose another PDF' })).toBeInTheDocument();
  });

  it('says when no order matches, and when the receipt names no amount', async () => {
    let result = { ...receiptResult, orders: [] };
    serveAntiFraud({ cases: [] }, { [receiptPath]: () => envelope(result) });
    renderApp('/antifraud');
    const user = userEvent.setup();

    const dialog = await openReceipt();
    await user.upload(fileInput(dialog), pdfFile());
    expect(await within(dialog).findByText('No orders match the amounts and dates of this receipt.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();

    result = { amounts: [], dates: [], orders: [] };
    await user.upload(fileInput(dialog), pdfFile('blank.pdf'));
    expect(await within(dialog).findByText(/No amount could be read from this receipt/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(dialog).toHaveTextContent('Amounts read:None');
    expect(within(dialog).queryByText('Matching orders')).not.toBeInTheDocument();
  });

  it('takes the first file dropped on the area, and refuses what is not a PDF without sending it', async () => {
    const { calls } = serveAntiFraud({ cases: [] }, { [receiptPath]: envelope(receiptResult) });
    renderApp('/antifraud');

    const dialog = await openReceipt();
    const area = within(dialog).getByText('Drop a PDF receipt here').closest('.mantine-Paper-root');
    if (!area) throw new Error('no drop area');
    const photo = new File(['not a pdf'], 'receipt.png', { type: 'image/png' });
    fireEvent.dragOver(area, { dataTransfer: { files: [photo] } });
    expect(area).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(area, { dataTransfer: { files: [photo] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a PDF receipt can be checked.');
    expect(area).not.toHaveAttribute('data-dragging');
    expect(writes(calls)).toEqual([]);

    const big = pdfFile('big.pdf');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.drop(area, { dataTransfer: { files: [big] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is larger than 5 MB.');
    expect(writes(calls)).toEqual([]);

    fireEvent.drop(area, { dataTransfer: { files: [pdfFile('dropped.pdf'), photo] } });
    await within(dialog).findByRole('region', { name: 'Matching orders' });
    expect(writes(calls).map((call) => (call[2] as { file: { name: string } }).file.name)).toEqual(['dropped.pdf']);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it cannot read the receipt", async () => {
    serveAntiFraud(
      { cases: [] },
      { [receiptPath]: validationFailure({ file: ['The PDF could not be read.'] }) },
      users.support,
    );
    renderApp('/antifraud');

    const dialog = await openReceipt();
    await userEvent.setup().upload(fileInput(dialog), pdfFile());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The PDF could not be read.');
    expect(within(dialog).queryByText('Matching orders')).not.toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    let sent: RecordedCall | undefined;
    serveAntiFraud(
      { cases: [] },
      {
        [receiptPath]: (call) => {
          sent = call;
          return envelope({ ...receiptResult, orders: [] });
        },
      },
    );
    renderApp('/antifraud');

    const dialog = await openReceipt('Проверить чек', 'Проверка чека');
    expect(dialog).toHaveTextContent('Перетащите сюда PDF-чек');
    await userEvent.setup().upload(fileInput(dialog), pdfFile());
    expect(await within(dialog).findByText('Нет заказов с суммами и датами этого чека.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(dialog).toHaveTextContent('Найденные суммы:1 500');
    expect(dialog).toHaveTextContent('Найденные даты:05.03.2026');
    expect(sent?.headers.get('x-language')).toBe('ru');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Выбрать другой PDF' })).toBeVisible());
  });
});

describe('formatReceiptDay', () => {
  it('writes a receipt day as the screen writes dates, and leaves anything else as it came', () => {
    expect(formatReceiptDay('2026-03-05')).toBe('05.03.2026');
    expect(formatReceiptDay('5 марта')).toBe('5 марта');
  });
});
