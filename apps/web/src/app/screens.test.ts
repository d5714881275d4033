import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadChunksOf } from './screens';

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("preloading another screen's chunks", () => {
  it('asks for nothing outside a build (no lists there)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    preloadChunksOf('/users');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the build's lists once and preloads the screen's chunks that are file names of the build", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            '/users': ['/assets/UsersPage-a1.js', '/assets/Table-b2.js', '/x/evil.js', '/assets/"><b>.js', 42],
            '/pay': ['/assets/PaymentsPage-c3.js', '/assets/Table-b2.js'],
          }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('PROD', true);

    preloadChunksOf('/users');
    await expect.poll(preloaded).toEqual(['/assets/UsersPage-a1.js', '/assets/Table-b2.js']);
    preloadChunksOf('/pay');
    // A chunk already named is not named twice.
    await expect
      .poll(preloaded)
      .toEqual(['/assets/UsersPage-a1.js', '/assets/Table-b2.js', '/assets/PaymentsPage-c3.js']);
    preloadChunksOf('/nowhere');
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/page-preloads.json');
  });
});
