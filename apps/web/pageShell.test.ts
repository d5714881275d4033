import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { languages, screens, screenTitleKey, signInFrameKeys } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { pageShellCss, pageShellData, signInColours } from './pageShell';
import { fontFamily } from './src/app/fonts';
import en from './src/app/locales/en.json';
import ru from './src/app/locales/ru.json';
import { cssVariablesResolver, theme } from './src/app/theme';
import authEn from './src/features/auth/locales/en.json';
import authRu from './src/features/auth/locales/ru.json';

const locale = (language: string) => (language === 'ru' ? ru : en) as unknown as Record<string, Record<string, string>>;
const authLocale = (language: string) => (language === 'ru' ? authRu : authEn) as Record<string, string>;

describe('the page shell the build hands the server', () => {
  it("holds every signed-in screen's title in each language, as the app's texts say it", () => {
    const data = pageShellData(locale, authLocale);
    const signedIn = screens.filter((screen) => screen.capability !== 'public');
    for (const language of languages) {
      expect(Object.keys(data.titles[language]).sort()).toEqual(signedIn.map((screen) => screen.path).sort());
      const messages = locale(language);
      for (const screen of signedIn) {
        const [group, key] = screenTitleKey(screen).split('.') as [string, string];
        expect(data.titles[language][screen.path], `${language} ${screen.path}`).toBe(messages[group]?.[key]);
      }
      expect(data.appName[language]).toBe(messages.appName as unknown as string);
    }
    expect(data.titles.ru['/active']).toBe('Активные заказы');
    // Where a screen's heading says more than its menu label (its own title key), the frame says the heading.
    expect(data.titles.en['/partners']).toBe('Partners PS');
    expect(data.titles.ru['/partners']).toBe('ПС партнёров');
  });

  it("holds the sign-in card's texts in each language, as the sign-in page says them", () => {
    const data = pageShellData(locale, authLocale);
    for (const language of languages) {
      for (const key of signInFrameKeys)
        expect(data.signIn[language][key], `${language} ${key}`).toBe(authLocale(language)[key]);
    }
    expect(data.signIn.ru.title).not.toBe(data.signIn.en.title);
  });

  it('refuses to build a shell with a title or a sign-in text missing', () => {
    expect(() => pageShellData(() => ({ appName: 'Paydesk', menu: {}, screen: {} }), authLocale)).toThrow(
      /(menu|screen)\./,
    );
    expect(() => pageShellData(locale, () => ({ title: 'Sign in' }))).toThrow(/"subtitle"/);
  });

  it("sets the frame in the theme's font", () => {
    expect(pageShellCss).toContain(`--mantine-font-family:${fontFamily};`);
    expect(pageShellCss).toContain(`--mantine-font-family-headings:${fontFamily}}`);
  });

  it("paints the sign-in card in the theme's colours: its dimmed grey in each scheme and its filled shade", () => {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const variables = cssVariablesResolver(full);
    expect(signInColours.dimmedLight).toBe(variables.light['--mantine-color-dimmed']);
    expect(signInColours.dimmedDark).toBe(variables.dark['--mantine-color-dimmed']);
    // The button is filled with the primary colour's shade, the same in both schemes.
    expect(full.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(signInColours.filled).toBe(`var(--mantine-color-${full.primaryColor}-8)`);
    expect(pageShellCss).toContain(`--pd-shell-dimmed:${signInColours.dimmedDark}`);
  });
});
