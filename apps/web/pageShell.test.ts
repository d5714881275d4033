import { languages, screens, screenTitleKey } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { pageShellCss, pageShellData } from './pageShell';
import { fontFamily } from './src/app/fonts';
import en from './src/app/locales/en.json';
import ru from './src/app/locales/ru.json';

const locale = (language: string) => (language === 'ru' ? ru : en) as unknown as Record<string, Record<string, string>>;

describe('the page shell the build hands the server', () => {
  it("holds every signed-in screen's title in each language, as the app's texts say it", () => {
    const data = pageShellData(locale);
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

  it('refuses to build a shell with a title missing', () => {
    expect(() => pageShellData(() => ({ appName: 'Paydesk', menu: {}, screen: {} }))).toThrow(/(menu|screen)\./);
  });

  it("sets the frame in the theme's font", () => {
    expect(pageShellCss).toContain(`--mantine-font-family:${fontFamily};`);
    expect(pageShellCss).toContain(`--mantine-font-family-headings:${fontFamily}}`);
  });
});
