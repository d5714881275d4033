import { type AntiFraudSettings, antiFraudRules, antiFraudSettingsSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { antiFraudKey } from './antiFraudKey';

export const settingsKey = [...antiFraudKey, 'settings'] as const;
export const settingsPath = '/anti_fraud/settings/';

/** Every rule of the contract, `''` for one the server did not name (a rule it does not know yet is off). */
export function completeSettings(data: unknown): AntiFraudSettings {
  const parsed = antiFraudSettingsSchema.parse(data);
  return Object.fromEntries(antiFraudRules.map((rule) => [rule, parsed[rule] ?? ''])) as AntiFraudSettings;
}

/** `GET /anti_fraud/settings/`: each rule's setting as text; `''` means the rule is off. */
export async function fetchSettings(signal?: AbortSignal): Promise<AntiFraudSettings> {
  return completeSettings(await http.get<unknown>(settingsPath, { signal }));
}

export const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => fetchSettings(signal),
  // The modal shows the settings in force now, not those read when it was last opened.
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
