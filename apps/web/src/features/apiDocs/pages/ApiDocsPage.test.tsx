import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';

// Scalar is a Vue application that measures and scrolls the page; jsdom runs neither, so the test replaces it at its
// module boundary and checks what the page hands it.
vi.mock('../components/ApiReference', () => ({
  ApiReference: ({ colorScheme }: { colorScheme: string }) => <p>Reference drawn in the {colorScheme} scheme</p>,
}));

const merchantKey = 'pk_merchantKey0000000000001';

function signedInAs(user: ReturnType<typeof makeUser>) {
  return mockApi({ 'GET /user/current': envelope({ data: user }) });
}

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/api screen', () => {
  it('shows a merchant its own key with a copy button, how to sign, and the reference', async () => {
    signedInAs({ ...users.merchant, apiKeys: { key: merchantKey, secret: null, notification: null } });
    renderApp('/api');

    expect(await screen.findByRole('heading', { name: 'API', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Your API key' });
    expect(within(card).getByText(merchantKey)).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: /X-Signature/ })).toHaveTextContent(
      'The hex HMAC-SHA256 of this string under your secret:timestamp + "." + METHOD + "." + path_with_query + "." + raw_body',
    );
    expect(within(card).getByRole('row', { name: /Idempotency-Key/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(merchantKey);

    // The title and the key are a region; the renderer draws its own main, so the shell's is no landmark here.
    expect(screen.getByRole('region', { name: 'API' })).toContainElement(card);
    expect(await screen.findByText('Reference drawn in the light scheme')).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('leads to Settings, where keys are managed', async () => {
    signedInAs(users.merchant);
    renderApp('/api');

    const card = await screen.findByRole('region', { name: 'Your API key' });
    expect(within(card).getByText('You have no API key yet.')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Go to Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    // And back: the settings card of the API key links to this screen.
    const keyCard = await screen.findByRole('region', { name: 'API key and secret' });
    expect(within(keyCard).getByRole('link', { name: 'API reference and signing' })).toHaveAttribute('href', '/api');
  });

  it('shows a partner its key without a Settings link, since keys are not managed there for partners', async () => {
    signedInAs(
      makeUser({
        role: 'partner',
        username: 'partner',
        apiKeys: { key: 'pk_partner', secret: null, notification: null },
      }),
    );
    renderApp('/api');

    const card = await screen.findByRole('region', { name: 'Your API key' });
    expect(within(card).getByText('pk_partner')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is in Russian when the language is Russian', async () => {
    await prepareI18n('ru');
    signedInAs(users.merchant);
    renderApp('/api');

    const card = await screen.findByRole('region', { name: 'Ваш API-ключ' });
    expect(within(card).getByRole('link', { name: 'Перейти в настройки' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Подпись запроса' })).toBeInTheDocument();
  });

  it('is refused to an admin', async () => {
    signedInAs(users.root);
    renderApp('/api');

    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your API key' })).not.toBeInTheDocument();
  });
});
