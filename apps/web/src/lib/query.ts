import type { AccessSubject, CurrentUser } from '@paydesk/contract';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { http, isApiError } from './http';

/** A 4xx answer will not change on retry; a lost connection or a 5xx gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The signed-in user is shared by the shell (menu, guards) and every screen, so its query lives here. */
export const currentUserKey = ['session', 'current-user'] as const;

function isSessionLost(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'unauthenticated';
}

/**
 * A call answered "not signed in" means the session ended (expired, signed out elsewhere, account blocked). The
 * current user is then re-read; it fails too, and the route guard sends the user to /login.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionLost(error) && query.queryKey[0] !== currentUserKey[0]) recheckSession();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSessionLost(error)) recheckSession();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  function recheckSession() {
    void client.invalidateQueries({ queryKey: currentUserKey });
  }
  return client;
}

/**
 * `GET /user/current`. Not checked against the contract's `currentUserSchema`: the entry asks for the current user at
 * startup, and the contract's schemas (and zod) must not join the entry (lib/zodWithoutEval.ts).
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const body = await http.get<{ data: CurrentUser }>('/user/current', { signal });
  return body.data;
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  // A 401 means "signed out": the guard sends the user to /login instead of retrying.
  retry: false,
  staleTime: 5 * 60_000,
});

type CurrentUserQueryOptions = Pick<
  UseQueryOptions<CurrentUser, Error, CurrentUser, typeof currentUserKey>,
  'enabled' | 'refetchInterval'
>;

export function useCurrentUser(options: CurrentUserQueryOptions = {}) {
  return useQuery({ ...currentUserQuery, ...options });
}

/** What the permission table of the contract needs to know about the user. */
export function accessSubjectOf(user: CurrentUser): AccessSubject {
  return { type: user.role, roles: user.roles, insurancePaid: user.profile.insurance_paid, isRoot: user.isRoot };
}
