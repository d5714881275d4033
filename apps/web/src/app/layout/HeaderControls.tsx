import { ActionIcon, Group, type MantineColorScheme, Text, useMantineColorScheme } from '@mantine/core';
import { type Language, languages } from '@paydesk/contract';
import { IconBuildingBank, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n';

/**
 * SPEC §2.3 language switch; the choice is stored and sent with every request (`x-language`). Native radio buttons in
 * a radio group (arrow keys move between them), drawn as a segmented control by languageSwitch.css.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('app');
  const name = useId();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <div role="radiogroup" aria-label={t('header.language')} className="pd-language-switch">
      {languages.map((language: Language) => (
        <label key={language} className="pd-language-option" data-checked={language === value || undefined}>
          <input
            type="radio"
            className="pd-language-input"
            name={name}
            value={language}
            checked={language === value}
            onChange={() => void changeLanguage(language)}
          />
          {language.toUpperCase()}
        </label>
      ))}
    </div>
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
