import { screens } from '@paydesk/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { nextTask } from '../lib/nextTask';
import { createQueryClient, currentUserQuery } from '../lib/query';
import { App } from './App';
import { preloadSignedInShell } from './layout/AppLayout';
import { keepStartFrame } from './pages/PageLoader';
import { prefetchPageData, preloadPage } from './screens';

/** Starts the app in `#root` (main.tsx calls it once the server's frame, if any, is on screen). */
export async function start(root: HTMLElement): Promise<void> {
  keepStartFrame(root);
  const queryClient = createQueryClient();
  const { pathname } = window.location;
  const publicScreen = screens.some((screen) => screen.path === pathname && screen.capability === 'public');

  /**
   * Startup asks for everything the first screen needs at once: on a guarded screen the current user, the shell's
   * signed-in parts, the screen's page and, as soon as the user is known, the screen's first data; on /login just its
   * page. Without this each waited for the one before it
   * (the user, then the page chunk, then its texts). The first render waits for the code, not for the data (the
   * screen's loader shows meanwhile), and is a transition, so React renders in slices instead of one long task.
   */
  await initI18n();
  // The start's steps in tasks of their own (module evaluation, texts, first requests, first render): as one task they
  // blocked a phone's input for their whole length.
  await nextTask();
  const code = [preloadPage(pathname)];
  if (!publicScreen) {
    void queryClient.prefetchQuery(currentUserQuery);
    code.push(preloadSignedInShell());
    void prefetchPageData(queryClient, window.location);
  }
  // The first render waits for the screen's code (already on its way: the page preloads it), so it commits the
  // screen once instead of a loader first and the screen after it: on a phone each commit is a long task.
  await Promise.all(code);
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
