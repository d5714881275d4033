import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/**
 * The suite's clock: every test runs as on 2026-03-05 at 12:00 UTC, the day of the test data's orders, its clock
 * running on from there. No test reads today's date to decide its outcome (an order "expired" or a date "in the future"
 * would otherwise depend on the day the suite runs). A test that fakes timers itself starts from this moment too.
 */
const suiteNow = new Date('2026-03-05T12:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ now: suiteNow, toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

// Toasts live in a store of the shared @mantine/notifications module, outside any rendered tree: one a test leaves
// (shown, or queued behind the limit) would appear in the next test's page.
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

// Test files share a worker's jsdom window and its node_modules (React, Mantine, testing-library: `isolate: false`),
// and this file runs again before each of them: every file ends by putting back what it may have changed, so the
// next starts as on a fresh page. The app's own modules are evaluated afresh for every file (`resetModules`): their
// state (the i18n instance and the locale bundles it writes into, counters) never leaks from one file to the next.
afterAll(() => {
  cleanup();
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this is how a test page drops one
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.lang = '';
  document.title = '';
});

// A test waits for what it needs to see (findBy…, waitFor), however long a busy machine takes to load a lazy page:
// this is a guard against a hang, never a budget. The test's own timeout (vite.config.ts) is longer still.
configure({ asyncUtilTimeout: 300_000 });

// Mantine reads these browser APIs, which jsdom does not implement. Installed once per window (the window outlives
// a test file), so the getComputedStyle wrapper is not wrapped again by every file.
const patched = window as Window & { paydeskTestWindow?: true };
if (!patched.paydeskTestWindow) {
  patched.paydeskTestWindow = true;
  const { getComputedStyle } = window;
  window.getComputedStyle = (element) => getComputedStyle(element);
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  Element.prototype.scrollIntoView = () => {};
}
