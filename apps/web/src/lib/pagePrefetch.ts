import type { CurrentUser } from '@paydesk/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What a screen's first queries may depend on: the signed-in user and the address's query string. */
export interface PagePrefetchContext {
  queryClient: QueryClient;
  user: CurrentUser;
  search: URLSearchParams;
}

/**
 * Starts a screen's first queries at startup, beside its code instead of after it has loaded and rendered (see
 * `prefetchPageData` in app/screens.ts). It must ask under the very keys the screen's own queries use.
 */
export type PagePrefetch = (context: PagePrefetchContext) => Promise<unknown>;
