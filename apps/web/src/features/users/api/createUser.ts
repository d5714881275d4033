import { type CreateUserInput, type User, userSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `POST /user`. */
export async function createUser(body: CreateUserInput): Promise<User> {
  return userSchema.parse(await http.post<unknown>('/user', body));
}

/** Creates a user; every users list reloads afterwards (SPEC §4 User). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
