import { type WebhookSetting, webhookSettingSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

/** The answer of `GET` and `PUT /user/webhook`: every webhook with its state. */
export const webhookSettingsSchema = z.array(webhookSettingSchema);

export const webhooksKey = ['settings', 'webhooks'] as const;

/** `GET /user/webhook` (merchant): every webhook with its title in the request's language and whether it is off. */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookSetting[]> {
  return webhookSettingsSchema.parse(await http.get<unknown>('/user/webhook', { signal }));
}

export const webhooksQuery = queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks({ enabled }: { enabled: boolean }) {
  return useQuery({ ...webhooksQuery, enabled });
}
