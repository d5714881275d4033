import type { CurrentUser } from '@paydesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';
import { detailsOf, merchantDetailsOf, orderListOf, payInPaid } from '../testData';
import { rowWith, setUpOrderScreens } from '../testSupport';

setUpOrderScreens();

const guid = '01a201f1-0000-7000-8000-0000000000c3';
const link = 'http://localhost:8080/pay/3q2-7wZ1nM0pQk4sV9xYbA';

/** Signs in as `user`, lists the paid pay-in on `path` and answers its details and its payer's page link. */
function serve(user: CurrentUser, path: string, details = merchantDetailsOf(payInPaid)) {
  return mockApi({
    'GET /user/current': envelope({ data: user }),
    [`GET ${path}`]: envelope(orderListOf([payInPaid])),
    [`GET /order/${guid}`]: envelope(details),
    [`GET /order/${guid}/payer_page`]: envelope({ payment_url: link }),
  });
}

async function openDetails() {
  const user = userEvent.setup();
  await user.click(within(await rowWith('01a2…00c3')).getByRole('button', { name: /01a2…00c3/ }));
  const dialog = await screen.findByRole('dialog', { name: /01a2…00c3/ });
  await within(dialog).findAllByRole('table');
  return dialog;
}

describe("Open the payer's page, in a pay-in's details", () => {
  it("gives the merchant the page's link, in a new tab", async () => {
    serve(users.merchant, '/merchant/order');
    renderApp('/history');

    const dialog = await openDetails();
    const open = await within(dialog).findByRole('link', { name: /Open the payer's page/ });
    expect(open).toHaveAttribute('href', link);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(open).toHaveAccessibleName("Open the payer's page (opens in a new tab)");
  });

  it('speaks Russian', async () => {
    await prepareI18n('ru');
    serve(users.merchant, '/merchant/order');
    renderApp('/history');

    const dialog = await openDetails();
    expect(await within(dialog).findByRole('link', { name: /Открыть страницу плательщика/ })).toHaveAttribute(
      'href',
      link,
    );
  });

  it('is never shown to the trader, who does not even ask for it', async () => {
    const { calls } = serve(makeUser({ role: 'trader', username: 'trader' }), '/trader/order', detailsOf(payInPaid));
    renderApp('/history');

    const dialog = await openDetails();
    expect(within(dialog).queryByRole('link', { name: /payer's page/ })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/payer_page'))).toBe(false);
  });

  it('is never shown to a support admin, who moves nothing: the link would let it act as the payer', async () => {
    const { calls } = serve(users.support, '/order', detailsOf(payInPaid));
    renderApp('/history');

    const dialog = await openDetails();
    expect(within(dialog).queryByRole('link', { name: /payer's page/ })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/payer_page'))).toBe(false);
  });
});
