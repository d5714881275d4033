import { ActionIcon, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { menuFor, screens } from '@paydesk/contract';
import { IconBuildingBank, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../lib/query';
import { PageLoader } from '../pages/PageLoader';
import { useRealtime } from '../realtime';
import { screenTitleKey } from '../screens';
import { clearUserData, useSignOut } from '../session';
import { LanguageSwitch, SignOutButton, ThemeSwitch, UserMenu } from './HeaderControls';
import { SideMenu } from './SideMenu';

const publicPaths = new Set(screens.filter((screen) => screen.capability === 'public').map((screen) => screen.path));

/** What the shell hands to the screens through the router outlet. */
export interface ShellContext {
  signOut: () => Promise<void>;
}

function useDocumentTitle(pathname: string) {
  // `t` changes with the language, so the title follows a language switch.
  const { t } = useTranslation('app');
  useEffect(() => {
    const screen = screens.find((candidate) => candidate.path === pathname);
    const title = screen ? t(screenTitleKey(screen)) : t('notFound.title');
    document.title = `${title} · ${t('appName')}`;
  }, [pathname, t]);
}

/**
 * SPEC §2.3 layout: header (menu toggles, title, language, theme, sign-out), the side menu when the user has one,
 * the content, and toasts at the bottom right (mounted by the providers). The public screens (/login and the
 * invite link) skip the startup routine: no current-user request there.
 */
export function AppLayout() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const publicPage = publicPaths.has(pathname);
  const userQuery = useCurrentUser({ enabled: !publicPage });
  const user = userQuery.isSuccess ? userQuery.data : null;
  const menu = useMemo(() => (user && !publicPage ? menuFor(accessSubjectOf(user)) : []), [user, publicPage]);
  const hasMenu = menu.length > 0;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { signOut, signingOut } = useSignOut();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (publicPage) clearUserData(queryClient);
  }, [publicPage, queryClient]);
  const shell = useMemo<ShellContext>(() => ({ signOut }), [signOut]);
  useDocumentTitle(pathname);
  // Deposit toasts and live balances, only while someone is signed in (SPEC §4 real-time connection).
  useRealtime(publicPage ? null : user);

  // A collapsed menu only slides off-screen; `inert` keeps its links out of the keyboard's and screen readers' way.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const menuHidden = phone ? !mobileOpened : !desktopOpened;
  const DesktopToggleIcon = desktopOpened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={
        hasMenu
          ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {hasMenu && (
              <>
                <Burger
                  opened={mobileOpened}
                  onClick={mobile.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={t('header.toggleNavigation')}
                  aria-expanded={mobileOpened}
                />
                <ActionIcon
                  visibleFrom="sm"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={desktop.toggle}
                  aria-label={t('header.toggleNavigation')}
                  title={t('header.toggleNavigation')}
                  aria-expanded={desktopOpened}
                >
                  <DesktopToggleIcon size={20} stroke={1.6} aria-hidden />
                </ActionIcon>
              </>
            )}
            <Group gap={6} wrap="nowrap">
              <IconBuildingBank size={24} stroke={1.7} color="var(--mantine-primary-color-filled)" aria-hidden />
              {/* On a phone the logo alone: the header's controls need the width. */}
              <Text fw={700} size="lg" visibleFrom="xs">
                {t('appName')}
              </Text>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
            {user?.userId && <UserMenu username={user.username} subject={accessSubjectOf(user)} />}
            {user?.userId && <SignOutButton onClick={() => void signOut()} busy={signingOut} />}
          </Group>
        </Group>
      </AppShell.Header>

      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label={t('header.mainNavigation')} inert={menuHidden}>
          <SideMenu entries={menu} onNavigate={mobile.close} />
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet context={shell} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
