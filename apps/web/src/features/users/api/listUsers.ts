import { type ListData, lazySchema, listEnvelope, type User, type UserType, userSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchListPage, listPageQuery } from '../../../lib/listQuery';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** The user types an admin manages on these screens (SPEC §2.8); partners have a screen of their own. */
export type ManagedUserType = Exclude<UserType, 'partner'>;

/** Root of every users query: lists, one user, audit trails, agent choices. Mutations invalidate it whole. */
export const usersKey = ['users'] as const;

export const userListPath = '/user';

const userListSchema = lazySchema(() => listEnvelope(userSchema).shape.data);

/** The query of one type's list: the type and the list's page, page size and filters. */
export function userListQueryParams(type: ManagedUserType, params: ListParams): Record<string, string> {
  return { 'filter[type]': type, ...toListQuery(params) };
}

/** `GET /user` for one type, with the list's page, page size and filters. */
export function fetchUsers(type: ManagedUserType, params: ListParams, signal?: AbortSignal): Promise<ListData<User>> {
  return fetchListPage(userListPath, userListSchema, userListQueryParams(type, params), signal);
}

export const usersListQuery = (type: ManagedUserType, params: ListParams) =>
  listPageQuery([...usersKey, 'list', type, params], userListPath, userListSchema, userListQueryParams(type, params));

export function useUsersList(type: ManagedUserType, params: ListParams) {
  return useQuery(usersListQuery(type, params));
}
