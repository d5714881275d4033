import { screens } from '@paydesk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, currentUserKey } from '../../lib/query';
import { NotAvailableYetPage } from '../pages/NotAvailableYetPage';
import { AppProviders } from '../providers';
import { pageLoaders, pageOf } from '../screens';
import { envelope, failureReply, mockApi, prepareI18n, renderApp, users } from '../testing';

function signedInAs(user: (typeof users)[keyof typeof users], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /user/current': envelope({ data: user }), ...extra });
}

async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('shows every admin entry to the root admin, in the order of SPEC §2.2, with deals and directions', async () => {
    signedInAs(users.root);
    renderApp('/settings');

    expect(await menuLabels()).toEqual([
      'Partners',
      'Users',
      'Active orders',
      'Order history',
      'All orders',
      'Payments',
      'Statistics',
      'Wallets',
      'Anti-fraud',
      'Requisites',
      'Devices',
      'Flows',
      'Directions',
      'Settings',
    ]);
  });

  it('hides users, wallets and flows from a support admin', async () => {
    signedInAs(users.support);
    renderApp('/settings');

    const labels = await menuLabels();
    expect(labels).not.toContain('Users');
    expect(labels).not.toContain('Wallets');
    expect(labels).not.toContain('Flows');
    expect(labels).toContain('Partners');
    expect(labels).toContain('Settings');
  });

  it('links each entry to its route and marks the current one', async () => {
    signedInAs(users.merchant);
    renderApp('/settings');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/balance');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives a trader with unpaid insurance no side menu and no burger', async () => {
    signedInAs(users.trader2);
    renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).not.toBeInTheDocument();
  });

  it('shows no side menu on the sign-in page and does not ask for the current user there', async () => {
    const { calls } = mockApi({});
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('language switch', () => {
  it('translates the shell and announces the new language in x-language', async () => {
    const { calls } = signedInAs(users.merchant);
    const { queryClient } = renderApp('/settings');
    await screen.findByRole('link', { name: 'Balance' });
    expect(calls[0]?.headers.get('x-language')).toBe('en');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'RU' }));

    expect(await screen.findByRole('link', { name: 'Баланс' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Настройки', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');

    await queryClient.refetchQueries({ queryKey: currentUserKey });
    expect(calls.at(-1)?.headers.get('x-language')).toBe('ru');
  });
});

describe('user menu', () => {
  it('leads a merchant to its settings and to /api, which the side menu does not list', async () => {
    signedInAs(users.merchant);
    renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account merchant' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'API' })).toHaveAttribute('href', '/api');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('offers an admin no /api, which serves those who sign API requests', async () => {
    signedInAs(users.root);
    renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account root' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'API' })).not.toBeInTheDocument();
  });
});

describe('sign-out', () => {
  it('posts /logout, clears every cached query and goes to /login', async () => {
    const { calls } = signedInAs(users.root, { 'POST /logout': envelope(null) });
    const { router, queryClient } = renderApp('/settings');
    window.sessionStorage.setItem('draft', 'x');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/logout')).toBe(true);
    expect(window.sessionStorage.getItem('draft')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('still goes to /login with an error toast when the call fails', async () => {
    signedInAs(users.root, { 'POST /logout': failureReply(500, 'internal_error', 'Something went wrong.') });
    const { router, queryClient } = renderApp('/settings');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeUndefined());
  });
});

describe('routes', () => {
  it('sends a signed-out user from a guarded route to /login', async () => {
    mockApi({ 'GET /user/current': failureReply(401, 'unauthenticated', 'Please sign in.') });
    const { router } = renderApp('/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends the user to /login with an error toast when the current user cannot be loaded', async () => {
    mockApi({ 'GET /user/current': failureReply(500, 'internal_error', 'Something went wrong on our side.') });
    const { router } = renderApp('/balance');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });

  it('shows "not found" with a way back to settings for an unknown route', async () => {
    signedInAs(users.merchant);
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to settings' })).toHaveAttribute('href', '/settings');
  });

  it('offers sign-in instead when nobody is signed in', async () => {
    mockApi({ 'GET /user/current': failureReply(401, 'unauthenticated', 'Please sign in.') });
    renderApp('/no-such-page');

    expect(await screen.findByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('says "not available for your role" for a screen the role may not see, in the page and the tab title', async () => {
    signedInAs(users.merchant);
    renderApp('/users');

    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(
      screen.getByText("Users is not open to your account's role. The menu lists the screens you can use."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to settings' })).toHaveAttribute('href', '/settings');
    await waitFor(() => expect(document.title).toBe('Not available for your role · Paydesk'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('gives a screen marked later no page, and says "not available yet" in its place', async () => {
    // Every screen of the contract is ready now; the shell still knows what to show for the next one marked later.
    const deals = screens.find((item) => item.path === '/deals');
    if (!deals) throw new Error('no /deals screen');
    const later = { ...deals, status: 'later' as const };
    expect(pageOf(later)).toBeNull();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <NotAvailableYetPage screen={later} />
      </AppProviders>,
    );

    expect(await screen.findByRole('heading', { name: 'All orders', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
  });

  it('sends "/" to settings', async () => {
    signedInAs(users.root);
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('has a page for every screen the contract marks ready', () => {
    const ready = screens.filter((item) => item.status === 'ready').map((item) => item.path);
    expect(Object.keys(pageLoaders).sort()).toEqual(ready.sort());
  });
});
