/**
 * The app's font stacks: the theme's, and the page shell's (pageShell.ts writes them into index.html, so the title
 * the server puts in a screen's first HTML is set in the font the app renders it in).
 */
export const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
export const fontFamilyMonospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
