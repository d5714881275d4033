import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';
import { type NotificationSettings, notificationSettingsKey } from './getNotificationSettings';

/** `PATCH /user/notification_key` (merchant); answers the notification settings as they now are. */
export async function updateNotificationKey(notificationKey: string): Promise<NotificationSettings> {
  return http.patch<NotificationSettings>('/user/notification_key', { notification_key: notificationKey });
}

export function useUpdateNotificationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationKey,
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsKey, settings);
      // The current user carries the key too (apiKeys.notification).
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
