import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, mockApi, prepareI18n, renderApp, users } from '../../../app/testing';

// The first render loads the page's lazy chunk, which is slow in jsdom.

const agentUser = makeUser({ role: 'agent', username: 'agent' });

const traders = Array.from({ length: 3 }, (_, index) => ({
  uuid: `01a201f1-0000-7000-8000-00000000070${index}`,
  username: `trader${index + 1}`,
  pay_in_percentage: index === 0 ? '0.75' : '0.5',
  pay_out_percentage: '0.25',
}));

beforeAll(async () => {
  await import('./AgentTradersPage');
}, 60_000);

beforeEach(async () => {
  await prepareI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('agent traders', () => {
  it("lists the agent's traders with the agent's percentages and pages through them", async () => {
    const queries: URLSearchParams[] = [];
    const api = mockApi({
      'GET /user/current': envelope({ data: agentUser }),
      'GET /agent/trader/': () => {
        const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
        queries.push(url.searchParams);
        const page = Number(url.searchParams.get('page'));
        return envelope({
          items: page === 1 ? traders.slice(0, 2) : traders.slice(2),
          context: {
            available_filters: [],
            pagination: { total_count: 3, per_page: 2, current_page: page, page_number: 2 },
          },
        });
      },
    });
    renderApp('/agent/traders');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'My traders', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('trader1')).closest('tr');
    expect(row).not.toBeNull();
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['trader1', '0.75 %', '0.25 %']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Trader',
      'Pay-in %',
      'Pay-out %',
    ]);
    expect(screen.getByText('Results: 1 - 2 of 3')).toBeInTheDocument();
    expect(queries[0]?.get('count')).toBeNull();

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('trader3')).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
  });

  it('says so when the agent has no traders', async () => {
    mockApi({
      'GET /user/current': envelope({ data: agentUser }),
      'GET /agent/trader/': envelope({
        items: [],
        context: {
          available_filters: [],
          pagination: { total_count: 0, per_page: 20, current_page: 1, page_number: 1 },
        },
      }),
    });
    renderApp('/agent/traders');

    expect(await screen.findByText('No traders to display')).toBeInTheDocument();
  });

  it('is not shown to an admin', async () => {
    mockApi({ 'GET /user/current': envelope({ data: users.root }) });
    renderApp('/agent/traders');

    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
  });
});
