import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { isApiError } from '../lib/http';

/**
 * Browser storage that belongs to one user uses keys with this prefix. Preferences of the device (language,
 * colour scheme) do not, and survive signing out.
 */
export const userStoragePrefix = 'paydesk.user.';

/**
 * SPEC §4: signing out clears all user data — every cached response and the user's stored data. The shell calls
 * this when a public page (/login, the invite link) comes on screen, whatever led there: by then no guarded screen
 * is mounted that could ask for the data again.
 */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.clear();
  try {
    window.sessionStorage.clear();
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(userStoragePrefix)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage may be unavailable; there is then nothing stored to clear.
  }
}

/**
 * Sign-out of SPEC §4: POST /logout, then /login, where the shell drops all user data. A failed call still ends on
 * /login (the local session is dropped either way) and says so in an error toast.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const logout = useLogout();
  const { mutateAsync } = logout;

  const signOut = useCallback(async () => {
    let failure: unknown = null;
    try {
      await mutateAsync();
    } catch (error) {
      failure = error;
    }
    await navigate('/login', { replace: true });
    if (failure !== null) {
      const message =
        isApiError(failure) && failure.localizedMessage ? failure.localizedMessage : t('errors.requestFailed');
      notifications.show({ color: 'red', title: t('session.signOutFailed'), message });
    }
  }, [mutateAsync, navigate, t]);

  return { signOut, signingOut: logout.isPending };
}
