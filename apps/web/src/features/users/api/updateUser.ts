import { type UpdateUserInput, type User, userSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `POST /user/{uuid}` with only the changed fields (SPEC §5). */
export async function updateUser({ uuid, changes }: { uuid: string; changes: UpdateUserInput }): Promise<User> {
  return userSchema.parse(await http.post<unknown>(`/user/${encodeURIComponent(uuid)}`, changes));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
