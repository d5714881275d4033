import { emptyDataSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';

export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

/**
 * `POST /user/2fa/disable`: the current password and a current code from the app; 422 `password_incorrect` or
 * `two_factor_invalid`.
 */
export async function disableTwoFactor(body: TwoFactorDisableRequest): Promise<void> {
  emptyDataSchema.parse(await http.post<unknown>('/user/2fa/disable', body));
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
