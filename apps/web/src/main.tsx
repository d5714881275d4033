import './lib/zodWithoutEval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { screens } from '@paydesk/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSignedInShell } from './app/layout/AppLayout';
import { preloadPage } from './app/screens';
import { initI18n } from './lib/i18n';
import { createQueryClient, currentUserQuery } from './lib/query';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** Past this, the app renders with what it has (a loader where the rest is still on its way). */
const startupWaitMs = 1500;

const queryClient = createQueryClient();
const { pathname } = window.location;
const publicScreen = screens.some((screen) => screen.path === pathname && screen.capability === 'public');

/**
 * Startup asks for everything the first screen needs at once: on a guarded screen the current user, the shell's
 * signed-in parts and the screen's page; on /login just its page. Without this each waited for the one before it
 * (the user, then the page chunk, then its texts). The first render, which waits for them (at most
 * `startupWaitMs`), is a transition, so React renders the screen in slices instead of one long task.
 */
void initI18n().then(async () => {
  const ready: Promise<unknown>[] = [preloadPage(pathname)];
  if (!publicScreen) {
    ready.push(queryClient.prefetchQuery(currentUserQuery));
    preloadSignedInShell();
  }
  await Promise.race([Promise.all(ready), new Promise((resolve) => setTimeout(resolve, startupWaitMs))]);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
