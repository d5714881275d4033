import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureReply, mockApi, prepareI18n, type Reply, renderApp, users } from '../../../app/testing';

const csrf: Reply = { status: 204 };

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Sign in' });
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit);
  return user;
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks for both fields without calling the server when one is empty', async () => {
    const { fetchMock } = mockApi({});
    renderApp('/login');

    await fillAndSubmit('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Both fields are required.');

    await fillAndSubmit('root', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Both fields are required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says it in Russian when the language is Russian', async () => {
    await prepareI18n('ru');
    const { fetchMock } = mockApi({});
    renderApp('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Войти' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Оба поля обязательны для заполнения.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's localized message below the form", async () => {
    mockApi({
      'GET /csrf-cookie': csrf,
      'POST /login': failureReply(401, 'invalid_credentials', 'Wrong username or password.'),
    });
    renderApp('/login');

    await fillAndSubmit('root', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
  });

  it('shows "Error {status}" when the failure has no message', async () => {
    mockApi({ 'GET /csrf-cookie': csrf, 'POST /login': { status: 500, body: undefined } });
    renderApp('/login');

    await fillAndSubmit('root', 'paydesk-demo');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error 500');
  });

  it('falls back to "Request failed" when the request gets no answer', async () => {
    const { fetchMock } = mockApi({ 'GET /csrf-cookie': csrf });
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/login')) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    renderApp('/login');

    await fillAndSubmit('root', 'paydesk-demo');

    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed. Please try again.');
  });

  it('falls back to "Request failed" when the CSRF cookie cannot be had', async () => {
    const { calls } = mockApi({ 'GET /csrf-cookie': { status: 503, body: undefined } });
    renderApp('/login');

    await fillAndSubmit('root', 'paydesk-demo');

    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed. Please try again.');
    expect(calls.some((call) => call.path === '/login')).toBe(false);
  });

  it('shows the submitting label while the sign-in is under way', async () => {
    let answer: (reply: Reply) => void = () => {};
    mockApi({
      'GET /csrf-cookie': csrf,
      'POST /login': () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/login');

    await fillAndSubmit('root', 'wrong-password');

    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    answer(failureReply(401, 'invalid_credentials', 'Wrong username or password.'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('gets the CSRF cookie, signs in, reloads the current user and lands on /settings', async () => {
    const { calls } = mockApi({
      'GET /csrf-cookie': csrf,
      'POST /login': envelope({ user: users.root }),
      'GET /user/current': envelope({ data: users.root }),
    });
    const { router } = renderApp('/login');

    await fillAndSubmit('  root ', 'paydesk-demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`).slice(0, 3)).toEqual([
      'GET /csrf-cookie',
      'POST /login',
      'GET /user/current',
    ]);
    expect(calls[1]?.body).toEqual({ username: 'root', password: 'paydesk-demo' });
  });

  it('asks for the two-factor code when the server requires it, then sends it', async () => {
    const { calls } = mockApi({
      'GET /csrf-cookie': csrf,
      'POST /login': (call) =>
        (call.body as { code?: string }).code === '123456'
          ? envelope({ user: users.root })
          : failureReply(401, 'two_factor_required', 'Enter the six-digit code from your authenticator app.'),
      'GET /user/current': envelope({ data: users.root }),
    });
    const { router } = renderApp('/login');

    const user = await fillAndSubmit('root', 'paydesk-demo');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code must have 6 digits.');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    const logins = calls.filter((call) => call.path === '/login');
    expect(logins.at(-1)?.body).toEqual({ username: 'root', password: 'paydesk-demo', code: '123456' });
  });

  it("asks for the password again after too many wrong codes, with the server's message", async () => {
    const locked = 'Too many wrong codes. Enter your password again; the account owner has been told of the attempts.';
    const { calls } = mockApi({
      'GET /csrf-cookie': csrf,
      'POST /login': (call) =>
        (call.body as { code?: string }).code === undefined
          ? failureReply(401, 'two_factor_required', 'Enter the six-digit code from your authenticator app.')
          : failureReply(401, 'two_factor_locked', locked),
    });
    renderApp('/login');

    const user = await fillAndSubmit('root', 'paydesk-demo');
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('root');

    // Signing in again starts from the password: no code is sent until the server asks for one.
    await user.type(screen.getByLabelText('Password'), 'paydesk-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Authentication code');
    const logins = calls.filter((call) => call.path === '/login');
    expect(logins.at(-1)?.body).toEqual({ username: 'root', password: 'paydesk-demo' });
  });
});
