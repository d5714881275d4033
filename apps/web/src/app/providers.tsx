import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { colorSchemeManager, cssVariablesResolver, defaultColorScheme, theme } from './theme';

/**
 * The toasts' container (and its transitions) is loaded when the first toast is raised, not with the app:
 * `notifications.show()` only writes to the store, and the container shows what the store holds when it mounts.
 */
const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

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
      <ToastsWhenNeeded />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
