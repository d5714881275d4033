import { apiSecretSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';

export type ApiSecret = z.infer<typeof apiSecretSchema>;

/**
 * `POST /user/secret_key` (SPEC §7): a new secret, and an API key on first use. The answer is the only place the
 * secret ever appears, so it is handed to the caller and never cached.
 */
export async function issueApiSecret(): Promise<ApiSecret> {
  return apiSecretSchema.parse(await http.post<unknown>('/user/secret_key'));
}

export function useIssueApiSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueApiSecret,
    // The current user carries the API key, which the first issue creates.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
