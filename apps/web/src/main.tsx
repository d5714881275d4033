import './lib/zodWithoutEval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/layout/languageSwitch.css';
import { nextTask } from './lib/nextTask';

/**
 * The entry: the stylesheet, and the app's start once the browser has painted what the server sent. A signed-in
 * user's screen arrives with its frame (header, title; apps/server/src/plugins/page-shell.ts), and running the app's
 * code first (~1 s of a phone's CPU for React, Mantine and the screen) would keep that frame off screen until it is
 * done, on a repeat visit most of all, when the code comes from the cache at once. index.html preloads the start's
 * chunks; on a framed page the server holds those preloads back until the frame is painted.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** The preloads put in the document per task: each request costs the main thread ~1 ms (~5 ms on a phone). */
const preloadsPerTask = 6;

/**
 * A framed page holds its code's preloads back until the frame is painted (page-shell.ts): they go in now, and load in
 * parallel instead of module by module as the start's imports come to them. The first few (the start and the
 * libraries it imports, index.html's order) go in at once; the rest (the screen's) a few per task, since 23 of them in
 * one task held a phone's main thread for ~120 ms.
 */
async function addPreloads(): Promise<void> {
  const template = document.getElementById('pd-preloads');
  if (!(template instanceof HTMLTemplateElement)) return;
  const links = [...template.content.children];
  for (let first = 0; first < links.length; first += preloadsPerTask) {
    if (first > 0) await nextTask();
    document.head.append(...links.slice(first, first + preloadsPerTask));
  }
}

function startApp(): void {
  void addPreloads();
  // React's code runs in the task that loads it, the start's (Mantine, the app's shell) in the next, the start itself
  // in the one after (lib/nextTask.ts): one task held the first two, ~0.1 s of a phone's CPU.
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/start'))
    .then(async (module) => {
      await nextTask();
      await module.start(root as HTMLElement);
    });
}

// A frame to show, in a tab on screen: start after its first paint. A hidden tab paints nothing (and runs no
// animation frames), so it starts at once, as does a page without a frame.
if (root.firstElementChild && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
