import {
  ActionIcon,
  Button,
  Group,
  type MantineColorScheme,
  Menu,
  SegmentedControl,
  Text,
  useMantineColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AccessSubject, can, type Language, languages } from '@paydesk/contract';
import {
  IconApi,
  IconBuildingBank,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n';

/** SPEC §2.3 language switch; the choice is stored and sent with every request (`x-language`). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('app');
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('header.language')}
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={languages.map((language: Language) => ({ value: language, label: language.toUpperCase() }))}
    />
  );
}

const schemeIcons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;
const schemeLabels = { light: 'header.themeLight', dark: 'header.themeDark', auto: 'header.themeAuto' } as const;
const nextScheme: Record<MantineColorScheme, MantineColorScheme> = { light: 'dark', dark: 'auto', auto: 'light' };

/**
 * SPEC §2.3 theme toggle: each press moves light → dark → auto (follows the system) → light. Mantine's scheme
 * manager stores the choice. One button keeps the header narrow enough for a 375 px phone.
 */
export function ThemeSwitch() {
  const { t } = useTranslation('app');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const CurrentIcon = schemeIcons[colorScheme];
  const label = `${t('header.theme')}: ${t(schemeLabels[colorScheme])}`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(nextScheme[colorScheme])}
    >
      <CurrentIcon size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

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

/** The app's mark and name at the start of the header. */
export function Brand() {
  const { t } = useTranslation('app');
  return (
    <Group gap={6} wrap="nowrap">
      <IconBuildingBank size={24} stroke={1.7} color="var(--mantine-primary-color-filled)" aria-hidden />
      {/* On a phone the logo alone: the header's controls need the width. */}
      <Text fw={700} size="lg" visibleFrom="xs">
        {t('appName')}
      </Text>
    </Group>
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
