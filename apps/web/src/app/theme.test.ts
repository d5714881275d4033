import { DEFAULT_THEME, darken, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colorSchemeManager, contrastRatio, cssVariablesResolver, minimumContrast, readableOn, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { colors, white } = full;
const variables = cssVariablesResolver(full);
const usedColors = ['indigo', 'red', 'green', 'teal', 'orange', 'gray', 'grape', 'yellow', 'blue'] as const;

/** A variable's value, following one `var(--x)` reference within the same scheme. */
function colorOf(scheme: 'light' | 'dark', name: `--${string}`): string {
  const value = variables[scheme][name] ?? '';
  const reference = value.match(/^var\(--([\w-]+)\)$/)?.[1];
  return reference ? colorOf(scheme, `--${reference}`) : value;
}

describe('contrastRatio', () => {
  it('matches the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's default dimmed grey on white, as axe reported it.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('readableOn', () => {
  it('keeps the first palette shade that already reads', () => {
    expect(readableOn(['#fa5252', '#c92a2a'], [white], 'darken')).toBe('#c92a2a');
  });

  it('darkens the last shade only as far as needed', () => {
    const green = readableOn([colors.green[9]], [white], 'darken');
    expect(contrastRatio(green, white)).toBeGreaterThanOrEqual(minimumContrast);
    expect(contrastRatio(green, white)).toBeLessThan(5.5);
  });
});

describe('theme contrast (WCAG 2 AA, 4.5:1)', () => {
  it('puts white on filled buttons at 4.5:1 in both schemes', () => {
    for (const color of ['indigo', 'red', 'grape'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const shade = typeof full.primaryShade === 'number' ? full.primaryShade : full.primaryShade[scheme];
        expect(contrastRatio(white, colors[color][shade]), `${color} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each(usedColors)('puts white on filled %s surfaces at 4.5:1 in both schemes, also hovered', (color) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const variable of ['filled', 'filled-hover'] as const) {
        const fill = colorOf(scheme, `--mantine-color-${color}-${variable}`);
        expect(contrastRatio(white, fill), `${color} ${variable} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Where Mantine's shade 8 already reads (indigo), the fill stays on the palette.
    if (contrastRatio(white, colors[color][8]) >= 4.5)
      expect(colorOf('light', `--mantine-color-${color}-filled`)).toBe(colors[color][8]);
  });

  it.each(usedColors)('reads %s text, outline and light-variant text on light surfaces', (color) => {
    for (const surface of [white, colors.gray[0], colors.gray[1]]) {
      expect(contrastRatio(colorOf('light', `--mantine-color-${color}-text`), surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colorOf('light', `--mantine-color-${color}-outline`), surface)).toBeGreaterThanOrEqual(4.5);
    }
    // A light badge or button, also while hovered.
    for (const surface of [colors[color][1], colors[color][2]]) {
      expect(contrastRatio(colorOf('light', `--mantine-color-${color}-light-color`), surface)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it.each(usedColors)('reads %s text and light-variant text on dark surfaces', (color) => {
    for (const surface of [colors.dark[7], colors.dark[6]]) {
      expect(contrastRatio(colorOf('dark', `--mantine-color-${color}-text`), surface)).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's own dark light variant: shade 0 on shade 9 darkened by half.
    expect(contrastRatio(colors[color][0], darken(colors[color][9], 0.5))).toBeGreaterThanOrEqual(4.5);
  });

  it('reads dimmed and error text in both schemes', () => {
    for (const surface of [white, colors.gray[0], colors.gray[1]]) {
      expect(contrastRatio(colorOf('light', '--mantine-color-dimmed'), surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colorOf('light', '--mantine-color-error'), surface)).toBeGreaterThanOrEqual(4.5);
    }
    for (const surface of [colors.dark[7], colors.dark[6]]) {
      expect(contrastRatio(colorOf('dark', '--mantine-color-dimmed'), surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colorOf('dark', '--mantine-color-error'), surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps dimmed text dimmer than body text', () => {
    expect(contrastRatio(colorOf('light', '--mantine-color-dimmed'), white)).toBeLessThan(
      contrastRatio(full.black, white),
    );
    expect(contrastRatio(colorOf('dark', '--mantine-color-dimmed'), colors.dark[7])).toBeLessThan(
      contrastRatio(colors.dark[0], colors.dark[7]),
    );
  });
});

describe('the colour scheme', () => {
  it('is stored, and mirrored in a cookie for the server when read and when chosen', () => {
    window.localStorage.setItem('paydesk.color-scheme', 'dark');
    expect(colorSchemeManager.get('auto')).toBe('dark');
    expect(document.cookie).toContain('paydesk.color-scheme=dark');

    colorSchemeManager.set('light');

    expect(window.localStorage.getItem('paydesk.color-scheme')).toBe('light');
    expect(document.cookie).toContain('paydesk.color-scheme=light');
  });
});
