import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Keeps a table cell's content on one line at its full width. Without it a wide table squeezed into a narrow screen
 * puts shortened ids on two lines (the browser may break after "…") and cuts status badges, whose own styles let
 * them shrink.
 */
export function NoWrap({ children }: { children: ReactNode }) {
  return <Box style={{ whiteSpace: 'nowrap', minWidth: 'max-content' }}>{children}</Box>;
}
