import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';

const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  otpauth_url: 'otpauth://totp/Paydesk:root?secret=JBSWY3DPEHPK3PXP',
};

async function twoFactorCard() {
  return screen.findByRole('region', { name: 'Two-factor authentication' });
}

async function typeCode(card: HTMLElement, code: string, user: ReturnType<typeof userEvent.setup>) {
  const boxes = within(card).getAllByRole('textbox', { name: /^Digit \d of 6$/ });
  expect(boxes).toHaveLength(6);
  await user.click(boxes[0] as HTMLElement);
  await user.keyboard(code);
}

const posts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('two-factor authentication', () => {
  it('enables two-factor with the QR code, a code and the password', async () => {
    let enabled = false;
    const { calls } = mockApi({
      'GET /user/current': () => envelope({ data: makeUser({ is2FAEnabled: enabled }) }),
      'POST /secretGoogleAuth': envelope(setup),
      'POST /user/2fa/enable': () => {
        enabled = true;
        return envelope(null);
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await twoFactorCard();
    expect(card).toHaveTextContent('Disabled');
    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));

    expect(await within(card).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      setup.qr_code,
    );
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Code from the app' })).toBeInTheDocument();
    await typeCode(card, '123456', user);
    await user.type(within(card).getByLabelText('Current password'), 'paydesk-demo');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(posts(calls, '/user/2fa/enable')).toEqual([{ password: 'paydesk-demo', code: '123456' }]);
    await waitFor(() => expect(card).toHaveTextContent('Enabled'));
    expect(within(card).getByRole('button', { name: 'Disable two-factor' })).toBeInTheDocument();
  });

  it('shows why the server refused, in red, and clears a wrong code', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'POST /secretGoogleAuth': envelope(setup),
      'POST /user/2fa/enable': failureReply(
        422,
        'two_factor_invalid',
        'The code is not valid. Enter the current code from your authenticator app.',
      ),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await twoFactorCard();
    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));
    await within(card).findByRole('group', { name: 'Code from the app' });
    await typeCode(card, '000000', user);
    await user.type(within(card).getByLabelText('Current password'), 'paydesk-demo');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('The code is not valid.');
    expect(posts(calls, '/user/2fa/enable')).toHaveLength(1);
    for (const box of within(card).getAllByRole('textbox', { name: /^Digit/ })) expect(box).toHaveValue('');
  });

  it('shows a wrong password the same way', async () => {
    mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'POST /secretGoogleAuth': envelope(setup),
      'POST /user/2fa/enable': failureReply(422, 'password_incorrect', 'The current password is incorrect.'),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await twoFactorCard();
    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));
    await within(card).findByRole('group', { name: 'Code from the app' });
    await typeCode(card, '123456', user);
    await user.type(within(card).getByLabelText('Current password'), 'wrong-one');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect(within(card).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks for six digits and a password before sending', async () => {
    const { calls } = mockApi({
      'GET /user/current': envelope({ data: users.root }),
      'POST /secretGoogleAuth': envelope(setup),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await twoFactorCard();
    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));
    await within(card).findByRole('group', { name: 'Code from the app' });
    await typeCode(card, '123', user);
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    expect(within(card).getByText('The code must have 6 digits.')).toBeInTheDocument();
    expect(within(card).getByText('This field is required.')).toBeInTheDocument();
    expect(posts(calls, '/user/2fa/enable')).toEqual([]);
  });

  it('disables two-factor with a current code and the password', async () => {
    let enabled = true;
    const { calls } = mockApi({
      'GET /user/current': () => envelope({ data: makeUser({ role: 'merchant', is2FAEnabled: enabled }) }),
      'GET /user/notification': envelope({ notification_key: null, notification_url: null }),
      'GET /user/webhook': envelope([]),
      'POST /user/2fa/disable': () => {
        enabled = false;
        return envelope(null);
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const card = await twoFactorCard();
    expect(card).toHaveTextContent('Enabled');
    await user.click(within(card).getByRole('button', { name: 'Disable two-factor' }));
    await typeCode(card, '654321', user);
    // Without the password nothing is sent: the field says what is missing.
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(within(card).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls, '/user/2fa/disable')).toEqual([]);
    await user.type(within(card).getByLabelText('Current password'), 'paydesk-demo');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(posts(calls, '/user/2fa/disable')).toEqual([{ password: 'paydesk-demo', code: '654321' }]);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Enable two-factor' })).toBeInTheDocument());
  });
});
