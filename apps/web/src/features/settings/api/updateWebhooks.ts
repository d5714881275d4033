import type { WebhookSetting } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { webhookSettingsSchema, webhooksKey } from './getWebhooks';

export interface WebhookChange {
  slug: WebhookSetting['webhook']['slug'];
  is_disabled: boolean;
}

/**
 * What a save sends (SPEC §4 "Webhooks save"): when any webhook is off, only the ones that are off; otherwise all
 * of them, so switching everything back on is saved too.
 */
export function webhooksToSend(changes: readonly WebhookChange[]): WebhookChange[] {
  const disabled = changes.filter((change) => change.is_disabled);
  return disabled.length > 0 ? disabled : [...changes];
}

/** `PUT /user/webhook` (merchant); answers the whole list as it now is. */
export async function updateWebhooks(changes: readonly WebhookChange[]): Promise<WebhookSetting[]> {
  return webhookSettingsSchema.parse(await http.put<unknown>('/user/webhook', { webhooks: webhooksToSend(changes) }));
}

export function useUpdateWebhooks() {
  const queryClient = useQueryClient();
  // The answer's titles are in the language the save was sent in.
  const language = useRequestLanguage();
  return useMutation({
    mutationFn: updateWebhooks,
    onSuccess: (webhooks) => queryClient.setQueryData(webhooksKey(language), webhooks),
  });
}
