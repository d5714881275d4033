import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { colorSchemeManager, cssVariablesResolver, defaultColorScheme, theme } from './theme';

/** SPEC §4 Toasts and §9: bottom right, at most five at once (the rest queue), each gone after 5 s. */
export const toastLimit = 5;
export const toastAutoCloseMs = 5000;

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off transitions and portals (Mantine's test environment). */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme}
      env={env}
    >
      <Notifications position="bottom-right" limit={toastLimit} autoClose={toastAutoCloseMs} />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
