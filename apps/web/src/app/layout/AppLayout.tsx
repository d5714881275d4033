import { Box, Group } from '@mantine/core';
import { type CurrentUser, canSeeScreen, screens, screenTitleKey } from '@paydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { accessSubjectOf, currentUserKey } from '../../lib/query';
import { LayoutLoader, PageLoader } from '../pages/PageLoader';
import { clearUserData, useSignOut } from '../session';
import { Brand, LanguageSwitch, ThemeSwitch } from './HeaderControls';

const publicPaths = new Set(screens.filter((screen) => screen.capability === 'public').map((screen) => screen.path));

/** What the shell hands to the screens through the router outlet. */
export interface ShellContext {
  signOut: () => Promise<void>;
}

/**
 * The layout of the signed-in screens (Mantine's AppShell, the side menu and its icons, the real-time connection) is
 * a chunk of its own: the first visit to /login does not load it. `preloadSignedInShell` starts its load at startup
 * when the address is a guarded screen, beside the current user's request.
 */
const loadSignedInLayout = () => import('./SignedInLayout');
const SignedInLayout = lazy(() => loadSignedInLayout().then((module) => ({ default: module.SignedInLayout })));

export function preloadSignedInShell(): Promise<unknown> {
  return loadSignedInLayout().catch(() => undefined);
}

/**
 * The current user if it is already loaded, followed as the cache changes; unlike a query hook it asks for nothing and
 * keeps no query alive (signing out empties the cache).
 */
function useLoadedUser(): CurrentUser | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<CurrentUser>(currentUserKey),
  );
}

/**
 * The tab's title: the screen's, "not found" for an unknown address, and "not available for your role" for a screen the
 * signed-in user may not open (read from the current user already loaded; this asks the server for nothing).
 */
function useDocumentTitle(pathname: string, publicPage: boolean) {
  // `t` changes with the language, so the title follows a language switch.
  const { t } = useTranslation('app');
  const user = useLoadedUser();
  const screen = screens.find((candidate) => candidate.path === pathname);
  const refused =
    !publicPage && screen !== undefined && user !== undefined && !canSeeScreen(accessSubjectOf(user), screen);
  useEffect(() => {
    const title =
      screen === undefined ? t('notFound.title') : refused ? t('notForRole.title') : t(screenTitleKey(screen));
    document.title = `${title} · ${t('appName')}`;
  }, [screen, refused, t]);
}

/** The header of the public screens: the same bar as the signed-in one, without menu toggles and sign-out. */
function PublicLayout({ shell }: { shell: ShellContext }) {
  return (
    <>
      <Box
        component="header"
        h={56}
        px="md"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Brand />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        <Suspense fallback={<PageLoader />}>
          <Outlet context={shell} />
        </Suspense>
      </Box>
    </>
  );
}

/**
 * SPEC §2.3 layout, toasts at the bottom right (mounted by the providers). The public screens (/login and the invite
 * link) get a plain header and skip the startup routine: no current-user request there, and every user data dropped
 * when they come on screen.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const publicPage = publicPaths.has(pathname);
  const { signOut, signingOut } = useSignOut();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (publicPage) clearUserData(queryClient);
  }, [publicPage, queryClient]);
  const shell = useMemo<ShellContext>(() => ({ signOut }), [signOut]);
  useDocumentTitle(pathname, publicPage);

  if (publicPage) return <PublicLayout shell={shell} />;
  return (
    <Suspense fallback={<LayoutLoader />}>
      <SignedInLayout shell={shell} signingOut={signingOut} />
    </Suspense>
  );
}
