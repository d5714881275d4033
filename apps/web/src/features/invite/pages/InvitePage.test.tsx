import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, mockApi, prepareI18n, renderApp } from '../../../app/testing';
import { checkInvitePasswords, generatePassword } from './invitePassword';

// The first render loads the page's lazy chunk, which is slow in jsdom.

beforeAll(async () => {
  await import('./InvitePage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(newPassword: string, confirm: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('region', { name: 'Set your password' });
  if (newPassword) await user.type(within(form).getByLabelText('New password'), newPassword);
  if (confirm) await user.type(within(form).getByLabelText('Confirm password'), confirm);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  return form;
}

describe('invite page', () => {
  it('asks to fill each field with six characters after trimming, and sends nothing', async () => {
    const { calls } = mockApi({});
    renderApp('/invite_code?code=INVITE-1');

    const form = await fill('      ', 'abc');

    expect(within(form).getAllByText('Password should be fill')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('asks for equal passwords, and sends nothing', async () => {
    const { calls } = mockApi({});
    renderApp('/invite_code?code=INVITE-1');

    const form = await fill('secret-1', 'secret-2');

    expect(within(form).getByText('Password should be equal')).toBeInTheDocument();
    expect(within(form).queryByText('Password should be fill')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the code and the trimmed passwords, then goes to sign-in with a toast', async () => {
    const { calls } = mockApi({ 'POST /password/setup': envelope(null) });
    const { router } = renderApp('/invite_code?code=INVITE-1');

    await fill(' secret-1 ', 'secret-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.path === '/password/setup')?.body).toEqual({
      code: 'INVITE-1',
      new_password: 'secret-1',
      confirm_password: 'secret-1',
    });
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeInTheDocument();
  });

  it('shows why the server refused a spent code, in red', async () => {
    mockApi({
      'POST /password/setup': failureReply(
        422,
        'invite_invalid',
        'This invite link is not valid: it was used already, has expired or does not exist.',
      ),
    });
    const { router } = renderApp('/invite_code?code=USED');

    const form = await fill('secret-1', 'secret-1');

    expect(await within(form).findByRole('alert')).toHaveTextContent('This invite link is not valid');
    expect(router.state.location.pathname).toBe('/invite_code');
  });

  it('generates a strong password into both fields and shows it', async () => {
    mockApi({});
    renderApp('/invite_code?code=INVITE-1');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Set your password' });
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    const value = (within(form).getByLabelText('New password') as HTMLInputElement).value;
    expect(value).toHaveLength(16);
    expect(within(form).getByLabelText('Confirm password')).toHaveValue(value);
    expect(within(form).getByText(value)).toBeInTheDocument();
  });

  it('is in Russian too', async () => {
    await prepareI18n('ru');
    const { calls } = mockApi({});
    renderApp('/invite_code?code=INVITE-1');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'Задайте пароль' });
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));

    expect(within(form).getAllByText('Заполните пароль: не менее 6 символов')).toHaveLength(2);
    expect(calls).toEqual([]);
  });
});

describe('invite password rules', () => {
  it('check length after trimming, then equality', () => {
    expect(checkInvitePasswords({ new_password: ' 12345 ', confirm_password: '123456' })).toEqual({
      new_password: 'fill',
    });
    expect(checkInvitePasswords({ new_password: '123456', confirm_password: '1234567' })).toEqual({
      confirm_password: 'equal',
    });
    expect(checkInvitePasswords({ new_password: ' 123456', confirm_password: '123456 ' })).toEqual({});
  });

  it('generate passwords with every kind of character, differently each time', () => {
    const passwords = Array.from({ length: 20 }, generatePassword);
    for (const password of passwords) {
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
