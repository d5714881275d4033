import { type User, userSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `GET /user/{uuid}`. */
export async function fetchUser(uuid: string, signal?: AbortSignal): Promise<User> {
  return userSchema.parse(await http.get<unknown>(`/user/${encodeURIComponent(uuid)}`, { signal }));
}

export const userQuery = (uuid: string) =>
  queryOptions({
    queryKey: [...usersKey, 'detail', uuid],
    queryFn: ({ signal }) => fetchUser(uuid, signal),
  });

/** One user, fresh from the server; `known` (the list row) is shown until the answer arrives. */
export function useUser(known: User) {
  return useQuery({ ...userQuery(known.uuid), placeholderData: known });
}
