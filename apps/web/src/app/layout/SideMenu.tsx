import { Box, NavLink } from '@mantine/core';
import type { Screen } from '@paydesk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { fallbackMenuIcon, menuIcons } from './menuIcons';

interface SideMenuProps {
  entries: readonly Screen[];
  /** Called after an entry is chosen (closes the menu on narrow windows). */
  onNavigate?: () => void;
}

/** SPEC §2.2: the side menu, already filtered for the user by the contract's `menuFor`. */
export function SideMenu({ entries, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  return (
    // The navbar around it is the navigation landmark; this is only its scrolling list.
    <Box h="100%" style={{ overflowY: 'auto' }}>
      {entries.map((screen) => {
        const Icon = menuIcons[screen.path] ?? fallbackMenuIcon;
        const active = pathname === screen.path;
        return (
          <NavLink
            key={screen.path}
            component={Link}
            to={screen.path}
            label={t(screen.menuLabel ?? screen.path)}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
          />
        );
      })}
    </Box>
  );
}
