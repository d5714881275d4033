import { emptyDataSchema } from '@paydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface PasswordSetupRequest {
  code: string;
  new_password: string;
  confirm_password: string;
}

/** `POST /password/setup` (public): sets the password of an invited user; 422 `invite_invalid` when the code is spent. */
export async function setupPassword(body: PasswordSetupRequest): Promise<void> {
  emptyDataSchema.parse(await http.post<unknown>('/password/setup', body));
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
