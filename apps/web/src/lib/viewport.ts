import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the side menu slides over the page and order lists become cards. */
export const phoneQuery = '(max-width: 47.99em)';

/**
 * Whether the window is phone-sized, read at the first render: the app renders only in the browser, and a value
 * first guessed and then corrected in an effect re-rendered the whole signed-in shell, page included, right after its
 * first commit (a phone's longest task of the start).
 */
export function usePhone(): boolean {
  return useMediaQuery(phoneQuery, undefined, { getInitialValueInEffect: false }) ?? false;
}
