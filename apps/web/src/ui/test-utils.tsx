import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import en from './locales/en.json';
import ru from './locales/ru.json';

/**
 * Test helpers for the UI kit. Each render gets its own i18next instance holding only the kit's "ui" namespace, so
 * the tests do not depend on how the app registers its namespaces.
 */

export type TestLanguage = 'en' | 'ru';

export function createTestI18n(language: TestLanguage = 'en'): I18n {
  const instance = i18next.createInstance();
  // With inline resources and initAsync off, init finishes synchronously; the promise carries nothing to await.
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    ns: ['ui'],
    defaultNS: 'ui',
    resources: { en: { ui: en }, ru: { ui: ru } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

interface TestProvidersProps {
  i18n: I18n;
  colorScheme: 'light' | 'dark';
  children: ReactNode;
}

/** MantineProvider in its test env (no transitions, no portals) around an i18n instance. */
function TestProviders({ i18n, colorScheme, children }: TestProvidersProps) {
  return (
    <MantineProvider env="test" forceColorScheme={colorScheme}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
}

interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  language?: TestLanguage;
  colorScheme?: 'light' | 'dark';
}

/** Renders inside the kit's providers with a fresh i18n instance; `rerender` keeps the same providers. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { language = 'en', colorScheme = 'light', ...renderOptions } = options;
  const i18n = createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders i18n={i18n} colorScheme={colorScheme}>
      {children}
    </TestProviders>
  );
  return render(ui, { wrapper, ...renderOptions });
}
