import { useTranslation } from 'react-i18next';
import { type ChoiceType, useUserChoices } from '../api/listUserChoices';

/** The users of a type as select options; a blocked or inactive one is shown but cannot be picked. */
export function useUserOptions(type: ChoiceType, enabled: boolean) {
  const { t } = useTranslation('flows');
  const users = useUserChoices(type, enabled);
  return {
    options: (users.data ?? []).map((user) => {
      const usable = user.is_active && !user.is_blocked;
      return {
        value: user.uuid,
        label: usable ? user.username : `${user.username} (${t('form.userUnavailable')})`,
        disabled: !usable,
      };
    }),
    loading: enabled && users.isPending,
    usernameOf: (uuid: string) => users.data?.find((user) => user.uuid === uuid)?.username ?? '',
  };
}
