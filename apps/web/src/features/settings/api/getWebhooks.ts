import { type Language, lazySchema, type WebhookSetting, webhookSettingSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';

/** The answer of `GET` and `PUT /user/webhook`: every webhook with its state. */
export const webhookSettingsSchema = lazySchema(() => z.array(webhookSettingSchema));

/** The webhooks' titles come in the request's language, so the language is part of the key. */
export const webhooksKey = (language: Language) => ['settings', 'webhooks', language] as const;

/** `GET /user/webhook` (merchant): every webhook with its title in the request's language and whether it is off. */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookSetting[]> {
  return webhookSettingsSchema.parse(await http.get<unknown>('/user/webhook', { signal }));
}

export const webhooksQuery = (language: Language) =>
  queryOptions({ queryKey: webhooksKey(language), queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks({ enabled }: { enabled: boolean }) {
  // A language switch loads the titles again.
  return useQuery({ ...webhooksQuery(useRequestLanguage()), enabled });
}
