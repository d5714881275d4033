import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
// Relative, not '@paydesk/contract': Vite loads its config with the workspace's packages left to Node, which does not
// run TypeScript.
import { screens, screenTitleKey } from '../../packages/contract/src/access';
import {
  type Language,
  languages,
  type SignInFrameTexts,
  signInFrameKeys,
} from '../../packages/contract/src/constants';
import { fontFamily } from './src/app/fonts';

/**
 * A screen's frame in its first HTML (issue 21, Lighthouse on a phone).
 *
 * A signed-in screen painted nothing until its code had run, the current user had come and React had rendered the
 * layout and the page: on a phone on a slow network the trader looked at a blank page for three seconds. The server
 * now sends a signed-in user's screen with its frame in `#root` (apps/server/src/plugins/web.ts): the header bar, the
 * side menu's place and the screen's title, in the user's language and theme, which the browser paints as soon as the
 * stylesheet is in. React replaces it when the app starts. /login, signed out, painted nothing either until its code
 * had run (its LCP was its first paint, 2.3–2.5 s): its frame is the sign-in card as it first shows, the same size at
 * the same place (`FormCard`'s geometry: 70vh centred, 400 px, Mantine's sizes), with the fields' boxes drawn, not
 * inputs, and the frame inert, so nothing can be typed that the app would then drop.
 *
 * This plugin gives the server what it needs from the web app: the frame's styles in index.html (with the theme's
 * font, so the title is set as the app sets it, and with the system's colours when no theme was chosen), and
 * `page-shell.json`, every signed-in screen's title in each language, as the document title and the page's heading
 * show it (`screenTitleKey`, namespace `app`), and the sign-in card's texts (namespace `auth`).
 */

export interface PageShellData {
  /** Per language, per screen path: the screen's title. */
  titles: Record<Language, Record<string, string>>;
  /** Per language: the product's name, shown in the header. */
  appName: Record<Language, string>;
  /** Per language: the sign-in card's texts, for /login's frame. */
  signIn: Record<Language, SignInFrameTexts>;
}

type Messages = { [key: string]: string | Messages };

function lookup(messages: Messages, key: string): string {
  let value: string | Messages | undefined = messages;
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  if (typeof value !== 'string') throw new Error(`page shell: the app's texts have no "${key}"`);
  return value;
}

/**
 * The titles of the signed-in screens, the product's name and the sign-in card's texts in every language, from the
 * `app` and `auth` texts given.
 */
export function pageShellData(
  messagesOf: (language: Language) => Messages,
  signInMessagesOf: (language: Language) => Messages,
): PageShellData {
  const titles = {} as PageShellData['titles'];
  const appName = {} as PageShellData['appName'];
  const signIn = {} as PageShellData['signIn'];
  for (const language of languages) {
    const messages = messagesOf(language);
    appName[language] = lookup(messages, 'appName');
    const auth = signInMessagesOf(language);
    signIn[language] = Object.fromEntries(signInFrameKeys.map((key) => [key, lookup(auth, key)])) as SignInFrameTexts;
    titles[language] = Object.fromEntries(
      screens
        .filter((screen) => screen.capability !== 'public')
        .map((screen) => [screen.path, lookup(messages, screenTitleKey(screen))]),
    );
  }
  return { titles, appName, signIn };
}

/**
 * The theme's colours the sign-in frame needs that Mantine's stylesheet does not hold: the dimmed grey the theme
 * moves for contrast at run time (`cssVariablesResolver`, apps/web/src/app/theme.ts; pageShell.test.ts checks these
 * are its values), and the filled shade (`primaryShade`, 8).
 */
export const signInColours = { dimmedLight: '#656b71', dimmedDark: '#959595', filled: 'var(--mantine-color-indigo-8)' };

/**
 * The frame's styles. Sizes are Mantine's variables (the header is the app's 56 px, the menu its 240 px from `sm`,
 * the title an h2-sized h1 as `PageHeader` sets it); colours are the theme's once a scheme is chosen and the server
 * marked `<html>` with it, and the system's before that (`color-scheme: light dark`).
 */
export const pageShellCss = `:root{--mantine-font-family:${fontFamily};--mantine-font-family-headings:${fontFamily}}
.pd-shell{font-family:var(--mantine-font-family);color:var(--mantine-color-text,CanvasText)}
.pd-shell-header{position:fixed;inset:0 0 auto;height:56px;display:flex;align-items:center;padding-inline:var(--mantine-spacing-md);background:var(--mantine-color-body,Canvas);border-bottom:1px solid var(--mantine-color-default-border,GrayText)}
.pd-shell-brand{font-weight:700;font-size:var(--mantine-font-size-lg);line-height:var(--mantine-line-height-lg)}
.pd-shell-nav{display:none}
.pd-shell-main{padding:calc(56px + var(--mantine-spacing-md)) var(--mantine-spacing-md) var(--mantine-spacing-md)}
.pd-shell-title{margin:0;font-family:var(--mantine-font-family-headings);font-size:var(--mantine-h2-font-size);line-height:var(--mantine-h2-line-height);font-weight:var(--mantine-h2-font-weight)}
.pd-shell-center{display:flex;align-items:center;justify-content:center;min-height:70vh;padding-inline:var(--mantine-spacing-xs)}
.pd-shell-card{box-sizing:border-box;width:100%;max-width:400px;display:flex;flex-direction:column;gap:var(--mantine-spacing-md);padding:var(--mantine-spacing-xl);border:1px solid var(--pd-shell-card-border,GrayText);border-radius:var(--mantine-radius-md);box-shadow:var(--mantine-shadow-sm);background:var(--mantine-color-body,Canvas)}
.pd-shell-subtitle{margin:0;font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);color:var(--pd-shell-dimmed,GrayText)}
[data-mantine-color-scheme=light]{--pd-shell-dimmed:${signInColours.dimmedLight};--pd-shell-card-border:var(--mantine-color-gray-3)}
[data-mantine-color-scheme=dark]{--pd-shell-dimmed:${signInColours.dimmedDark};--pd-shell-card-border:var(--mantine-color-dark-4)}
.pd-shell-field{display:grid;grid-template-rows:1fr 2.25rem;height:3.8rem}
.pd-shell-label{align-self:center;font-size:var(--mantine-font-size-sm);line-height:1.55;font-weight:600}
.pd-shell-input{box-sizing:border-box;border:1px solid var(--mantine-color-default-border,GrayText);border-radius:var(--mantine-radius-md);background:var(--mantine-color-default,Field)}
.pd-shell-button{display:flex;align-items:center;justify-content:center;height:2.25rem;border-radius:var(--mantine-radius-md);background:${signInColours.filled};color:#fff;font-size:var(--mantine-font-size-sm);font-weight:600}
@media (max-width:35.99em){.pd-shell-brand{display:none}}
@media (min-width:48em){.pd-shell-nav{display:block;position:fixed;top:56px;bottom:0;left:0;width:240px;border-right:1px solid var(--mantine-color-default-border,GrayText)}.pd-shell-nav+.pd-shell-main{padding-left:calc(240px + var(--mantine-spacing-md))}}`;

/** The texts of a locales directory (`app`, `features/auth`) in a language, as the build reads them. */
const localeOf =
  (directory: string) =>
  (language: Language): Messages =>
    JSON.parse(
      readFileSync(new URL(`./src/${directory}/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Messages;

/** Writes the frame's styles into index.html and `page-shell.json` beside it. */
export function pageShell(): Plugin {
  return {
    name: 'paydesk-page-shell',
    apply: 'build',
    transformIndexHtml: (html) => html.replace('</head>', `<style>${pageShellCss}</style></head>`),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'page-shell.json',
        source: `${JSON.stringify(pageShellData(localeOf('app'), localeOf('features/auth')), null, 2)}\n`,
      });
    },
  };
}
