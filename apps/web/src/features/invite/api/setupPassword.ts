import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface PasswordSetupRequest {
  code: string;
  new_password: string;
  confirm_password: string;
}

/** `POST /password/setup` (public): sets the password of an invited user; 422 `invite_invalid` when the code is spent. */
export async function setupPassword(body: PasswordSetupRequest): Promise<void> {
  await http.post<null>('/password/setup', body);
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
