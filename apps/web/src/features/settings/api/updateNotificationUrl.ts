import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserKey } from '../../../lib/query';
import { type NotificationSettings, notificationSettingsKey } from './getNotificationSettings';

/** `PATCH /user/notification_url` (merchant); answers the notification settings as they now are. */
export async function updateNotificationUrl(notificationUrl: string): Promise<NotificationSettings> {
  return http.patch<NotificationSettings>('/user/notification_url', { notification_url: notificationUrl });
}

export function useUpdateNotificationUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationUrl,
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsKey, settings);
      // The current user carries the URL too (notificationURL).
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
