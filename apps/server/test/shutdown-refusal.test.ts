import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

/**
 * What a request that arrives while the server shuts down gets (issue 31, D3): a 503 in the platform's envelope with
 * Retry-After, as during a database fault, not Fastify's own body. The request arrives on a connection that is kept
 * open by a sign-in in flight (its body half sent when the close begins), pipelined behind it.
 */
describe('a request during shutdown', () => {
  let ctx: TestContext | undefined;
  afterAll(async () => {
    await ctx?.database.close();
  });

  it('is refused with 503, the error envelope and Retry-After', async () => {
    let closingStarted: () => void = () => undefined;
    const closing = new Promise<void>((resolve) => {
      closingStarted = resolve;
    });
    // Runs after the server's own preClose hook (plugins/errors.ts): from then on the server refuses what arrives.
    ctx = await createTestApp({}, (app) => app.addHook('preClose', async () => closingStarted()));
    const { app } = ctx;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    // Listened for from the start: the server may close the connection before its own close has finished.
    const socketClosed = once(socket, 'close');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });

    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    socket.write(
      'POST /api/inner/login HTTP/1.1\r\nHost: paydesk\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\n\r\n${body.slice(0, 5)}`,
    );
    // The sign-in is in flight once the server has taken it: its handler waits for the rest of the body.
    await new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    const closed = app.close();
    await closing;
    socket.write(
      `${body.slice(5)}GET /api/inner/user/profile HTTP/1.1\r\nHost: paydesk\r\nAccept-Language: ru\r\n\r\n`,
    );
    await closed;
    await socketClosed;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 401 /);
    const [head = '', payload = ''] = (answers[1] ?? '').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(payload)).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
  });
});
