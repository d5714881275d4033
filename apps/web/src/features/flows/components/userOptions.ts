import { useTranslation } from 'react-i18next';
import { userOptionsOf, useUserChoices } from '../../../lib/userChoices';

/** Whom a flow names: its merchant, and its executors (traders and partners). */
export type ChoiceType = 'merchant' | 'trader' | 'partner';

/** The users of a type as select options; a blocked or inactive one is shown but cannot be picked. */
export function useUserOptions(type: ChoiceType, enabled: boolean) {
  const { t } = useTranslation('flows');
  const users = useUserChoices(type, enabled);
  return {
    options: userOptionsOf(users.data ?? [], t('form.userUnavailable')),
    loading: enabled && users.isPending,
    usernameOf: (uuid: string) => users.data?.find((user) => user.uuid === uuid)?.username ?? '',
  };
}
