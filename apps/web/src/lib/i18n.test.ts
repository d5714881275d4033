import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('./i18n');

/** A fresh copy of the module, as on a new page load. */
async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  const module = await import('./i18n');
  await module.initI18n();
  return module;
}

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

afterEach(() => {
  window.localStorage.clear();
});

describe('i18n', () => {
  it('starts in English when nothing is stored, and sets <html lang>', async () => {
    const { i18n, currentLanguage } = await freshI18n();

    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('menu.settings')).toBe('Settings');
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem('paydesk.language', 'ru');

    const { currentLanguage, i18n } = await freshI18n();

    expect(currentLanguage()).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18n.t('menu.settings')).toBe('Настройки');
  });

  it('ignores a stored value that is not a supported language', async () => {
    window.localStorage.setItem('paydesk.language', 'de');

    const { currentLanguage } = await freshI18n();

    expect(currentLanguage()).toBe('en');
  });

  it('remembers a switch and keeps <html lang> in sync', async () => {
    const { changeLanguage, currentLanguage } = await freshI18n();

    await changeLanguage('ru');

    expect(currentLanguage()).toBe('ru');
    expect(window.localStorage.getItem('paydesk.language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('mirrors the language in a cookie for the server, at startup and on each switch', async () => {
    window.localStorage.setItem('paydesk.language', 'ru');
    const { changeLanguage } = await freshI18n();
    expect(document.cookie).toContain('paydesk.language=ru');

    await changeLanguage('en');

    expect(document.cookie).toContain('paydesk.language=en');
  });

  it('loads feature namespaces on demand and falls back to the app namespace', async () => {
    const { i18n } = await freshI18n();

    await i18n.loadNamespaces('auth');

    expect(i18n.t('bothRequired', { ns: 'auth' })).toBe('Both fields are required.');
    expect(i18n.t('validation.password_min', { ns: 'auth' })).toBe('The password must have at least 6 characters.');
  });

  it('registers the shared UI kit as namespace "ui"', async () => {
    const { lazyNamespaces } = await freshI18n();

    expect(lazyNamespaces).toEqual(expect.arrayContaining(['auth', 'settings', 'ui']));
  });

  it('falls back to English for a key missing in Russian', async () => {
    const { i18n, changeLanguage } = await freshI18n();
    i18n.addResource('en', 'app', 'onlyInEnglish', 'Only in English');

    await changeLanguage('ru');

    expect(i18n.t('onlyInEnglish')).toBe('Only in English');
  });
});
