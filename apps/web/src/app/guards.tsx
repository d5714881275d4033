import { notifications } from '@mantine/notifications';
import { canSeeScreen, type Screen } from '@paydesk/contract';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useOutletContext } from 'react-router';
import { isApiError } from '../lib/http';
import { accessSubjectOf, useCurrentUser } from '../lib/query';
import { NotAvailableYetPage } from './pages/NotAvailableYetPage';
import { NotForRolePage } from './pages/NotForRolePage';
import { PageLoader } from './pages/PageLoader';
import { pageOf } from './screens';

/**
 * The current user could not be loaded: back to /login (SPEC §4, §8), where the shell drops the user data. "Not
 * signed in" is the ordinary case and goes quietly; any other failure says so in an error toast.
 */
function SignedOutRedirect({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { t } = useTranslation('app');

  useEffect(() => {
    const quiet = isApiError(error) && error.status === 401;
    void navigate('/login', { replace: true });
    if (!quiet) {
      const message = isApiError(error) && error.localizedMessage ? error.localizedMessage : t('session.loadFailed');
      notifications.show({ color: 'red', title: t('errors.title'), message });
    }
  }, [error, navigate, t]);

  return <PageLoader />;
}

/** Guarded routes: wait for the current user; without one, go to /login. */
export function RequireUser() {
  const user = useCurrentUser();
  const shell = useOutletContext();
  // The screen behind the guard mounts in the background, in slices, once the user is known: the query's answer
  // is a synchronous update, and mounting a whole screen in it held a phone's main thread for a long task.
  const known = useDeferredValue(user.isSuccess);
  if (user.isError) return <SignedOutRedirect error={user.error} />;
  if (!user.isSuccess || !known) return <PageLoader />;
  return <Outlet context={shell} />;
}

/** One screen of the contract: its page if the user's role may see it, else "not available for your role". */
export function ScreenRoute({ screen }: { screen: Screen }) {
  const user = useCurrentUser();
  if (!user.data || !canSeeScreen(accessSubjectOf(user.data), screen)) return <NotForRolePage screen={screen} />;
  const Page = pageOf(screen);
  return Page ? <Page /> : <NotAvailableYetPage screen={screen} />;
}

/** A public screen (/login, /invite_code): no current user needed. */
export function PublicScreenRoute({ screen }: { screen: Screen }) {
  const Page = pageOf(screen);
  return Page ? <Page /> : <NotAvailableYetPage screen={screen} />;
}
