import { type User, userSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `POST /user/unblock`. */
export async function unblockUser(body: { uuid: string }): Promise<User> {
  return userSchema.parse(await http.post<unknown>('/user/unblock', body));
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
