/**
 * Resolves in a later task of the browser's event loop, so the work before and the work after are two tasks instead of
 * one: a phone's start split so does not block input (or count as blocking time) for its whole length.
 * `scheduler.yield()` where the browser has it (it keeps the continuation ahead of other queued work), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
