import { notificationSettingsSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsKey = ['settings', 'notification'] as const;

/** `GET /user/notification` (merchant): the notification key and URL. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await http.get<unknown>('/user/notification', { signal }));
}

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: ({ signal }) => getNotificationSettings(signal),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}
