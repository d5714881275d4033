import type { AntiFraudSettings, AntiFraudSettingsUpdate } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { completeSettings, settingsKey, settingsPath } from './getSettings';

/** `PUT /anti_fraud/settings/`: the settings sent change, the others stay; the answer is the whole map. */
export async function updateSettings(body: AntiFraudSettingsUpdate): Promise<AntiFraudSettings> {
  return completeSettings(await http.put<unknown>(settingsPath, body));
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
