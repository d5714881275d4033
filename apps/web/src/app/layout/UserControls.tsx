import { ActionIcon, Button, Menu, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AccessSubject, can } from '@paydesk/contract';
import { IconApi, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// The signed-in user's controls of the header, apart from HeaderControls: their menu (and its floating-ui) stays out of
// the first visit to /login, which has no user.

/** Shown once a user id exists (SPEC §2.3); an icon alone on narrow windows, where the header is tight. */
export function SignOutButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  const { t } = useTranslation('app');
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
  if (wide) {
    return (
      <Button
        variant="default"
        leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
        onClick={onClick}
        disabled={busy}
      >
        {t('header.signOut')}
      </Button>
    );
  }
  return (
    <ActionIcon variant="default" size="lg" aria-label={t('header.signOut')} onClick={onClick} disabled={busy}>
      <IconLogout size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

/**
 * The signed-in user's own screens, which the side menu of SPEC §2.2 does not list in full: settings, and the API
 * reference with the user's API key (/api) for whoever signs requests to the merchant and executor API.
 */
export function UserMenu({ username, subject }: { username: string; subject: AccessSubject }) {
  const { t } = useTranslation('app');
  const label = t('header.account', { username });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} title={label}>
          <IconUserCircle size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{username}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('menu.settings')}
        </Menu.Item>
        {can(subject, 'merchantApi.read') && (
          <Menu.Item component={Link} to="/api" leftSection={<IconApi size={16} aria-hidden />}>
            {t('screen.api')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
