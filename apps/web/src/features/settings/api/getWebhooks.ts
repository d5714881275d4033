import type { WebhookSetting } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const webhooksKey = ['settings', 'webhooks'] as const;

/** `GET /user/webhook` (merchant): every webhook with its title in the request's language and whether it is off. */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookSetting[]> {
  return http.get<WebhookSetting[]>('/user/webhook', { signal });
}

export const webhooksQuery = queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks({ enabled }: { enabled: boolean }) {
  return useQuery({ ...webhooksQuery, enabled });
}
