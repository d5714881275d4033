import { emptyDataSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';

export interface TwoFactorEnableRequest {
  password: string;
  code: string;
}

/** `POST /user/2fa/enable`: the current password and a code from the app; 422 `password_incorrect` or `two_factor_invalid`. */
export async function enableTwoFactor(body: TwoFactorEnableRequest): Promise<void> {
  emptyDataSchema.parse(await http.post<unknown>('/user/2fa/enable', body));
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
