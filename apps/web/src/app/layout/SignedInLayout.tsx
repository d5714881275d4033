import { ActionIcon, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, menuFor } from '@paydesk/contract';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { accessSubjectOf, useCurrentUser } from '../../lib/query';
import { usePhone } from '../../lib/viewport';
import { PageLoader } from '../pages/PageLoader';
import { useRealtime } from '../realtime';
import type { ShellContext } from './AppLayout';
import { Brand, LanguageSwitch, ThemeSwitch } from './HeaderControls';
import { SideMenu } from './SideMenu';
import { SignOutButton, UserMenu } from './UserControls';

interface SignedInLayoutProps {
  shell: ShellContext;
  signingOut: boolean;
}

/**
 * SPEC §2.3 layout of every screen but the public ones: header (menu toggles, title, language, theme, sign-out), the
 * side menu when the user has one, the content. Its own chunk (with the menu, its icons and the real-time
 * connection), which the first visit to /login does not load.
 */
export function SignedInLayout({ shell, signingOut }: SignedInLayoutProps) {
  const { t } = useTranslation('app');
  const userQuery = useCurrentUser();
  const user = userQuery.isSuccess ? userQuery.data : null;
  const menu = useMemo(() => (user ? menuFor(accessSubjectOf(user)) : []), [user]);
  const hasMenu = menu.length > 0;
  const { pathname } = useLocation();
  const ownMain = user !== null && pathname === '/api' && can(accessSubjectOf(user), 'merchantApi.read');
  // Deposit toasts and live balances, only while someone is signed in (SPEC §4 real-time connection).
  useRealtime(user);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  // A collapsed menu only slides off-screen; `inert` keeps its links out of the keyboard's and screen readers' way.
  const phone = usePhone();
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
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ThemeSwitch />
            {user?.userId && <UserMenu username={user.username} subject={accessSubjectOf(user)} />}
            {user?.userId && <SignOutButton onClick={() => void shell.signOut()} busy={signingOut} />}
          </Group>
        </Group>
      </AppShell.Header>

      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label={t('header.mainNavigation')} inert={menuHidden}>
          <SideMenu entries={menu} onNavigate={mobile.close} />
        </AppShell.Navbar>
      )}

      {/* A screen whose page draws its own main landmark (the API reference) gets none from the shell. */}
      <AppShell.Main {...(ownMain ? { component: 'div' } : {})}>
        <Suspense fallback={<PageLoader />}>
          <Outlet context={shell} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
