import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/**
 * Breakpoints are Mantine's defaults, written out because the layout depends on one of them: `sm` = 48em = 768 px
 * is SPEC §9's mobile breakpoint (burger below it, side menu beside the content from it up).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
});

/** Light, dark or auto (follows the system), remembered across visits (SPEC §2.3). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'paydesk.color-scheme' });
export const defaultColorScheme = 'auto';
