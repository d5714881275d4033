import { useId as useReactId } from 'react';

/**
 * `useId` of @mantine/hooks, as the build gives it to Mantine (vite.config.ts `mantineUseId`): React's id, the same on
 * the first render and every one after.
 *
 * Mantine's own starts from React's id and replaces it with a random one in a layout effect (an old answer to ids that
 * differ between a server's HTML and the browser's; this app renders nothing on a server). Every Popover, Menu, Tabs,
 * Input and Tooltip of a screen thus set state in the commit that first showed it, and React rendered them all again
 * at once, synchronously, in the same task: ~40 ms of /active's first commit under Lighthouse's 4× slower CPU.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
