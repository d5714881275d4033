import { type User, userSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `POST /user/block` with the reason, which the caller has checked is not blank (SPEC §5). */
export async function blockUser(body: { uuid: string; comment: string }): Promise<User> {
  return userSchema.parse(await http.post<unknown>('/user/block', body));
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
