import { notificationSettingsSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';
import { type NotificationSettings, notificationSettingsKey } from './getNotificationSettings';

export type NotificationField = Exclude<keyof NotificationSettings, 'key_created'>;

const paths: Record<NotificationField, string> = {
  notification_key: '/user/notification_key',
  notification_url: '/user/notification_url',
};

/**
 * `PATCH /user/notification_key` and `PATCH /user/notification_url` (merchant): one setting each; both answer the
 * notification settings as they now are.
 */
export async function updateNotificationSetting(
  field: NotificationField,
  value: string,
): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await http.patch<unknown>(paths[field], { [field]: value }));
}

export function useUpdateNotificationSetting(field: NotificationField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => updateNotificationSetting(field, value),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsKey, settings);
      // The current user carries both too (apiKeys.notification, notificationURL).
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
