import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type MantineColorSchemeManager,
  toRgba,
} from '@mantine/core';
import { colorSchemeCookie } from '@paydesk/contract';
import { mirrorInCookie } from '../lib/preferenceCookie';
import { fontFamily, fontFamilyMonospace } from './fonts';

/**
 * WCAG 2 AA asks for 4.5:1 between normal text and its background. Mantine's default palette misses it in
 * places: white on the light scheme's shade 6, the dimmed grey, red and green text on white, the text of light
 * badges (green, teal and orange shade 9 on shade 1), and the dark scheme's dimmed grey and error red.
 */
export const minimumContrast = 4.5;

/** The WCAG contrast ratio of two opaque colours (any notation Mantine's `toRgba` reads). */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const hexOf = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The first of `shades` (palette shades, lightest first on a light background) that reads at `minimumContrast` on
 * every one of `backgrounds`; when none does, the last one darkened (or, on dark backgrounds, lightened) in small
 * steps until it does. A colour so stays on its palette where it can, keeps its hue, and moves no further than needed.
 */
export function readableOn(
  shades: readonly string[],
  backgrounds: readonly string[],
  direction: 'darken' | 'lighten',
): string {
  const reads = (color: string) =>
    backgrounds.every((background) => contrastRatio(color, background) >= minimumContrast);
  const onPalette = shades.find(reads);
  if (onPalette !== undefined) return onPalette;
  const last = shades.at(-1) ?? (direction === 'darken' ? '#000000' : '#ffffff');
  const shift = direction === 'darken' ? darken : lighten;
  for (let step = 1; step <= 20; step += 1) {
    const candidate = hexOf(shift(last, step / 20));
    if (reads(candidate)) return candidate;
  }
  return direction === 'darken' ? '#000000' : '#ffffff';
}

/**
 * Shade 8 for filled surfaces in both schemes: white on it reads at 4.5:1 for the colours the app fills with
 * (indigo, red, grape), where Mantine's default light shade 6 does not (indigo 4.3:1, red 3.3:1).
 */
const primaryShade = 8;

/**
 * Breakpoints are Mantine's defaults, written out because the layout depends on one of them: `sm` = 48em = 768 px
 * is SPEC §9's mobile breakpoint (burger below it, side menu beside the content from it up).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: primaryShade, dark: primaryShade },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  fontFamily,
  fontFamilyMonospace,
  components: {
    // A modal's title bar is drawn as <header>, which a screen reader (and axe) takes for a second banner beside the
    // page's own: inside a dialog it is only the bar that holds the title and the close button.
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
  },
});

/**
 * Text colours of every theme colour, moved only as far as 4.5:1 needs on what text lies on (the page and cards, and
 * the greys of table headers and hovered rows), as CSS variables so each follows the scheme:
 * - light scheme: coloured text such as `c="red"` (`-text`) and outline badges (`-outline`) take the first shade from
 *   6 up that reads; light and subtle variants (`-light-color`: badges, alerts, light buttons, the active menu entry)
 *   start from Mantine's shade 9 and also read on their own pale background and its hover shade;
 * - dark scheme: Mantine's shade 4, lighter only where it must be;
 * - `c="dimmed"` and the red of form errors (`--mantine-color-error`) follow the same rule in both;
 * - filled surfaces (`-filled`, `-filled-hover`: buttons, filled badges) in both schemes: shade 8, or the first darker
 *   colour white reads on at 4.5:1 (teal's shade 8 gave 3.9:1, green's 3.3:1), hovered one shade darker still.
 */
export const cssVariablesResolver: CSSVariablesResolver = ({ colors, white }) => {
  const surfaces = { light: [white, colors.gray[0], colors.gray[1]], dark: [colors.dark[7], colors.dark[6]] };
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn([colors.gray[6]], surfaces.light, 'darken'),
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn([colors.dark[2]], surfaces.dark, 'lighten'),
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark') continue;
    const text = readableOn(shades.slice(6), surfaces.light, 'darken');
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades.slice(9),
      [...surfaces.light, shades[1], shades[2]],
      'darken',
    );
    const filled = readableOn(shades.slice(primaryShade), [white], 'darken');
    const filledHover = hexOf(darken(filled, 0.1));
    for (const scheme of [light, dark]) {
      scheme[`--mantine-color-${name}-filled`] = filled;
      scheme[`--mantine-color-${name}-filled-hover`] = filledHover;
    }
    const darkText = readableOn([shades[4]], surfaces.dark, 'lighten');
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
  }
  return { variables: {}, light, dark };
};

const storedScheme = localStorageColorSchemeManager({ key: colorSchemeCookie });

/**
 * Light, dark or auto (follows the system), remembered across visits (SPEC §2.3) in local storage, and mirrored in a
 * cookie so the server sends the next page in it (read when the app starts, written on each choice).
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...storedScheme,
  get(defaultValue) {
    const value = storedScheme.get(defaultValue);
    mirrorInCookie(colorSchemeCookie, value);
    return value;
  },
  set(value) {
    storedScheme.set(value);
    mirrorInCookie(colorSchemeCookie, value);
  },
};
export const defaultColorScheme = 'auto';
