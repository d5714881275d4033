import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';

/** `POST /user/2fa/disable`: a current code from the app; 422 `two_factor_invalid` when it does not match. */
export async function disableTwoFactor(code: string): Promise<void> {
  await http.post<null>('/user/2fa/disable', { code });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
