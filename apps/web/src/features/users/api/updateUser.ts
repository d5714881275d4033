import type { UpdateUserInput, User } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersKey } from './listUsers';

/** `POST /user/{uuid}` with only the changed fields (SPEC §5). */
export function updateUser({ uuid, changes }: { uuid: string; changes: UpdateUserInput }): Promise<User> {
  return http.post<User>(`/user/${encodeURIComponent(uuid)}`, changes);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
