import { defaultLanguage, type Language, languageCookie, languages } from '@paydesk/contract';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import appEn from '../app/locales/en.json';
import { mirrorInCookie } from './preferenceCookie';

export const languageStorageKey = languageCookie;

/**
 * The shell's own namespace: its English texts are bundled with the entry, since the header and menu need them on the
 * first paint; the other languages' come as a small chunk that startup loads (before the first render) when chosen.
 */
export const appNamespace = 'app';

type LocaleModule = { default: ResourceKey };

/**
 * Every other namespace is one JSON file per language, loaded on first use: `features/<feature>/locales/<lng>.json`
 * is namespace `<feature>`, `ui/locales/<lng>.json` is namespace `ui`. Each file becomes its own small chunk, so a
 * screen's texts travel with the screen.
 */
const lazyLocales = import.meta.glob<LocaleModule>([
  '../features/*/locales/*.json',
  '../ui/locales/*.json',
  '../app/locales/*.json',
  '!../app/locales/en.json',
]);

function localeKey(path: string): string | null {
  const app = /\/app\/locales\/([a-z]+)\.json$/.exec(path);
  if (app) return `${appNamespace}/${app[1]}`;
  const feature = /\/features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
  if (feature) return `${feature[1]}/${feature[2]}`;
  const ui = /\/ui\/locales\/([a-z]+)\.json$/.exec(path);
  return ui ? `ui/${ui[1]}` : null;
}

const loaders = new Map<string, () => Promise<LocaleModule>>();
for (const [path, load] of Object.entries(lazyLocales)) {
  const key = localeKey(path);
  if (key) loaders.set(key, load);
}

/** The namespaces the app knows about, for tests and for preloading. */
export const lazyNamespaces: readonly string[] = [
  ...new Set([...loaders.keys()].map((key) => key.split('/')[0] ?? '')),
];

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = loaders.get(`${namespace}/${language}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

function rememberLanguage(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = language;
  mirrorInCookie(languageCookie, language);
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage may be disabled (private mode); the choice then lasts for this page only.
  }
}

export const i18n = i18next.createInstance();

let initialized: Promise<unknown> | null = null;

/** Starts i18next once: stored language (default en), fallback en, `<html lang>` and storage kept in sync. */
export function initI18n(): Promise<unknown> {
  if (initialized) return initialized;
  const language = storedLanguage();
  document.documentElement.lang = language;
  mirrorInCookie(languageCookie, language);
  i18n.on('languageChanged', rememberLanguage);
  initialized = i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      load: 'languageOnly',
      ns: [appNamespace],
      defaultNS: appNamespace,
      fallbackNS: appNamespace,
      resources: { en: { [appNamespace]: appEn } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return initialized;
}

/** The language every request announces in `x-language`. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : defaultLanguage;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
