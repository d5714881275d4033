import { screens } from '@paydesk/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n';
import { createQueryClient, currentUserQuery } from '../lib/query';
import { App } from './App';
import { preloadSignedInShell } from './layout/AppLayout';
import { keepStartFrame } from './pages/PageLoader';
import { prefetchPageData, preloadPage } from './screens';

/** Starts the app in `#root` (main.tsx calls it once the server's frame, if any, is on screen). */
export function start(root: HTMLElement): void {
  keepStartFrame(root);
  const queryClient = createQueryClient();
  const { pathname } = window.location;
  const publicScreen = screens.some((screen) => screen.path === pathname && screen.capability === 'public');

  /**
   * Startup asks for everything the first screen needs at once: on a guarded screen the current user, the shell's
   * signed-in parts, the screen's page and, as soon as the user is known, the screen's first data; on /login just its
   * page. Without this each waited for the one before it
   * (the user, then the page chunk, then its texts). The first render does not wait for them (a loader shows
   * meanwhile) and is a transition, so React renders in slices instead of one long task.
   */
  void initI18n().then(() => {
    void preloadPage(pathname);
    if (!publicScreen) {
      void queryClient.prefetchQuery(currentUserQuery);
      preloadSignedInShell();
      void prefetchPageData(queryClient, window.location);
    }
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
