import { emptyDataSchema, type PasswordChangeRequest } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** `POST /user/password` (SPEC §7): current, new and confirmation; 422 with field messages when refused. */
export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  emptyDataSchema.parse(await http.post<unknown>('/user/password', body));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
