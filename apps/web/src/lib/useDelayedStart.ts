import { useEffect, useState } from 'react';

/** False until `delayMs` after the component mounted, then true: a screen's load that waits for its first paint. */
export function useDelayedStart(delayMs: number): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return started;
}
