import { lazySchema, type RecentWebhookDelivery, recentWebhookDeliverySchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';

const recentDeliveriesSchema = lazySchema(() => z.array(recentWebhookDeliverySchema));

/** How many of the latest deliveries Settings shows. */
export const recentDeliveriesCount = 10;

/** The events' titles come in the request's language, so the language is part of the key. */
export const recentDeliveriesKey = (language: string) => ['settings', 'webhookDeliveries', language] as const;

/** `GET /user/webhook/deliveries` (merchant): its latest webhook deliveries, newest first. */
export async function getRecentDeliveries(signal?: AbortSignal): Promise<RecentWebhookDelivery[]> {
  return recentDeliveriesSchema.parse(
    await http.get<unknown>('/user/webhook/deliveries', { signal, query: { count: recentDeliveriesCount } }),
  );
}

export const recentDeliveriesQuery = (language: string) =>
  queryOptions({ queryKey: recentDeliveriesKey(language), queryFn: ({ signal }) => getRecentDeliveries(signal) });

export function useRecentDeliveries() {
  return useQuery(recentDeliveriesQuery(useRequestLanguage()));
}
