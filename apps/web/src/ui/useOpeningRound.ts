import { useState } from 'react';

/**
 * A number that grows each time a modal opens: as the key of its form it starts an empty form per opening, while the
 * old one stays on screen as the modal fades out. `next` starts another one without closing (e.g. "credit another").
 */
export function useOpeningRound(opened: boolean) {
  const [round, setRound] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  // Updating state while rendering is React's documented way to derive state from a changing prop.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRound((value) => value + 1);
  }
  return { round, next: () => setRound((value) => value + 1) };
}
