import { type PayerPageSettings, payerPageSettingsSchema, type payerPageSettingsUpdateSchema } from '@paydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export const payerPageSettingsKey = ['settings', 'payerPage'] as const;

/** `GET /user/payer_page` (merchant): what its payers see of it and where its page may return to or be framed by. */
export async function getPayerPageSettings(signal?: AbortSignal): Promise<PayerPageSettings> {
  return payerPageSettingsSchema.parse(await http.get<unknown>('/user/payer_page', { signal }));
}

export const payerPageSettingsQuery = queryOptions({
  queryKey: payerPageSettingsKey,
  queryFn: ({ signal }) => getPayerPageSettings(signal),
});

export function usePayerPageSettings() {
  return useQuery(payerPageSettingsQuery);
}

/** `PUT /user/payer_page` (merchant): every setting at once; answers them as saved (normalized by the server). */
export async function updatePayerPageSettings(
  change: z.output<typeof payerPageSettingsUpdateSchema>,
): Promise<PayerPageSettings> {
  return payerPageSettingsSchema.parse(await http.put<unknown>('/user/payer_page', change));
}

export function useUpdatePayerPageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayerPageSettings,
    onSuccess: (settings) => queryClient.setQueryData(payerPageSettingsKey, settings),
  });
}
