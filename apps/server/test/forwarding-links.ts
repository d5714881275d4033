import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bankMessages } from '../src/modules/terminals/terminals.table';
import type { AppRequest, Sms } from './forwarding-payloads';
import { type Client, createTestApp, type TestContext } from './harness';
import { merchantPayIn, type OrderWorld, orderStatus, orderWorld } from './orders-fixture';
import { otherRoles, roleClients } from './role-clients';

export interface Link {
  guid: string;
  url: string;
  key: string;
  path: string;
}

/** Terminals with forwarding links (DESIGN §19) for the world's trader, and messages to post to them. */
export function forwardingLinks(ctx: () => TestContext, world: () => OrderWorld, firstAmount = 5100) {
  async function createTerminal(trader = world().trader, name = 'Redmi') {
    const response = await trader.browser.post('/api/inner/terminal', { name, requisites: [trader.requisiteId] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.terminal.guid as string;
  }

  async function link(guid: string, client = world().trader.browser): Promise<Link> {
    const response = await client.post(`/api/inner/terminal/${guid}/forwarding`);
    expect([200, 201], response.body).toContain(response.statusCode);
    const { url, signing_key: key } = response.json().data as { url: string; signing_key: string };
    return { guid, url, key, path: new URL(url).pathname };
  }

  /** A terminal with a forwarding link, enabled by the admin: its messages count. */
  async function enabledLink(): Promise<Link> {
    const made = await link(await createTerminal());
    const enabled = await world().admin.browser.post(`/api/inner/terminal/${made.guid}/enable/`);
    expect(enabled.json().data.status.slug).toBe('enabled');
    return made;
  }

  /** Posts an app's request as it is, from `remoteAddress` when given (another phone, another network). */
  const post = (path: string, request: AppRequest, remoteAddress?: string) =>
    ctx().app.inject({
      method: 'POST',
      url: path,
      headers: request.headers,
      payload: request.body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  let amountSerial = firstAmount;
  /** A Sberbank SMS of a fresh amount, and its pay-in: ready to be settled by it. */
  async function payment() {
    amountSerial += 7;
    const amount = String(amountSerial);
    const order = await merchantPayIn(world(), amount);
    const spaced = amount.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    const sms: Sms = {
      sender: '900',
      text: `Зачисление ${spaced}р от Анна К. Баланс: 48 210.50р`,
      receivedAt: new Date(),
    };
    return { order, sms, amount };
  }

  const statusOf = (guid: string) => orderStatus(ctx().app.db, guid);
  const messagesOf = (guid: string) =>
    ctx().app.db.select().from(bankMessages).where(eq(bankMessages.terminalId, guid));

  /** The terminal as the admin's list shows it (its count of messages received while waiting for approval). */
  async function terminalOf(guid: string) {
    const listed = await world().admin.browser.get('/api/inner/terminal');
    return (listed.json().data.items as { guid: string; waiting_messages: number; auto_settle_weak: boolean }[]).find(
      (item) => item.guid === guid,
    );
  }

  /** The trader's "bank message received — confirm" list, and the call that confirms one (DESIGN §19). */
  const toConfirm = (client = world().trader.browser) => client.get('/api/inner/trader/bank-message/to-confirm');
  const confirmUrl = (id: string) => `/api/inner/trader/bank-message/${id}/confirm/`;

  return { createTerminal, link, enabledLink, post, payment, statusOf, messagesOf, terminalOf, toConfirm, confirmUrl };
}

/**
 * A test file's own platform (its database, an order world, a user of each other role) and its forwarding links:
 * `suite.ctx`, `suite.world` and `suite.as(role)` once the file's tests run.
 */
export function forwardingSuite(firstAmount: number) {
  const suite = {} as { ctx: TestContext; world: OrderWorld; as: Awaited<ReturnType<typeof roleClients>> };
  beforeAll(async () => {
    suite.ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
    suite.world = await orderWorld(suite.ctx);
    suite.as = await roleClients(suite.ctx);
  });
  afterAll(() => suite.ctx.close());
  /** The given clients, then a signed-in user of each other role (support, merchant, agent, partner): to refuse. */
  const others = (...first: Client[]) => [...first, ...otherRoles.map(([name]) => suite.as(name))];
  return {
    suite,
    others,
    ...forwardingLinks(
      () => suite.ctx,
      () => suite.world,
      firstAmount,
    ),
  };
}
