import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AccessSubject,
  canSeeScreen,
  colorSchemeCookie,
  defaultLanguage,
  type Language,
  languageCookie,
  languages,
  menuFor,
  type SignInFrameTexts,
  screens,
  signInFrameKeys,
} from '@paydesk/contract';
import { escapeHtml } from '../lib/html';

/**
 * A screen's first HTML in the user's language and theme, and a signed-in user's screen with its frame (issue 21).
 *
 * The web app keeps the language and the colour scheme in local storage and mirrors them in two cookies; from them
 * `<html>` gets its `lang` and Mantine's `data-mantine-color-scheme` (a chosen light or dark; "auto" and no choice
 * leave the system's). For a screen the signed-in user may see, `#root` holds the screen's frame: the header bar with
 * the product's name, the side menu's place when the user has a menu, and the screen's title as the page shows it,
 * in the classes and styles the web build wrote (apps/web/pageShell.ts). The browser paints it as soon as the
 * stylesheet is in, instead of a blank page until the app has run, fetched the user and rendered; React replaces it.
 * There the screen's code is preloaded once the frame is painted (the entry, apps/web/src/main.tsx), not beside the
 * stylesheet the frame needs.
 * /login without a session gets the sign-in card as it first shows (apps/web/pageShell.ts): the heading, the fields'
 * boxes and the button, inert. Nobody else gets a frame: no session, a screen the role may not see (it would show
 * "not found"), the other public screens.
 */

export interface PageShell {
  titles: Record<Language, Record<string, string>>;
  appName: Record<Language, string>;
  /** Absent from a build that has no sign-in frame: /login is then sent as it is. */
  signIn?: Record<Language, SignInFrameTexts>;
}

/** The public screen that has a frame: the sign-in page. */
const signInPath = '/login';

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');

/** The build's page-shell.json, or `null` when the build has none (or one this server does not understand). */
export function readPageShell(root: string): PageShell | null {
  const path = join(root, 'page-shell.json');
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<PageShell>;
  const complete = languages.every(
    (language) => isRecordOfStrings(data.titles?.[language]) && typeof data.appName?.[language] === 'string',
  );
  if (!complete) return null;
  const signIn = languages.every((language) => {
    const texts = data.signIn?.[language];
    return isRecordOfStrings(texts) && signInFrameKeys.every((key) => typeof texts[key] === 'string');
  });
  return { titles: data.titles, appName: data.appName, ...(signIn ? { signIn: data.signIn } : {}) } as PageShell;
}

interface PageRequest {
  path: string;
  user: AccessSubject | null;
  cookies: Record<string, string | undefined>;
}

function languageOf(cookies: PageRequest['cookies']): Language {
  const value = cookies[languageCookie];
  return languages.find((language) => language === value) ?? defaultLanguage;
}

/** A chosen light or dark scheme; `null` for "auto" and no choice (the system decides). */
function schemeOf(cookies: PageRequest['cookies']): 'light' | 'dark' | null {
  const value = cookies[colorSchemeCookie];
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * Whether `path` is a screen a frame exists for (a signed-in screen of the build): only then is the request's
 * session worth reading.
 */
export function mayFrame(shell: PageShell, path: string): boolean {
  return Object.hasOwn(shell.titles[defaultLanguage], path) || (path === signInPath && shell.signIn !== undefined);
}

function frameOf(shell: PageShell, language: Language, title: string, withMenu: boolean): string {
  return (
    '<div class="pd-shell" aria-busy="true">' +
    `<header class="pd-shell-header"><span class="pd-shell-brand">${escapeHtml(shell.appName[language])}</span></header>` +
    (withMenu ? '<div class="pd-shell-nav"></div>' : '') +
    `<main class="pd-shell-main"><h1 class="pd-shell-title">${escapeHtml(title)}</h1></main>` +
    '</div>'
  );
}

/**
 * The sign-in card as it first shows, at its size and place; the header bar without the brand (the public header
 * sets it beside a logo). Inert, and its fields are boxes, not inputs: nothing typed before the app starts is lost.
 */
function signInFrameOf(texts: SignInFrameTexts): string {
  const field = (label: string) =>
    `<div class="pd-shell-field"><span class="pd-shell-label">${escapeHtml(label)}</span><span class="pd-shell-input"></span></div>`;
  return (
    '<div class="pd-shell" aria-busy="true" inert>' +
    '<header class="pd-shell-header"></header>' +
    '<main class="pd-shell-main"><div class="pd-shell-center"><section class="pd-shell-card">' +
    `<div><h1 class="pd-shell-title">${escapeHtml(texts.title)}</h1>` +
    `<p class="pd-shell-subtitle">${escapeHtml(texts.subtitle)}</p></div>` +
    field(texts.username) +
    field(texts.password) +
    `<span class="pd-shell-button">${escapeHtml(texts.submit)}</span>` +
    '</section></div></main></div>'
  );
}

/** The frame this request's page gets, if any. */
function frameFor(shell: PageShell, language: Language, { path, user }: PageRequest): string | null {
  if (!user) return path === signInPath && shell.signIn ? signInFrameOf(shell.signIn[language]) : null;
  const screen = screens.find((candidate) => candidate.path === path);
  const title = shell.titles[language][path];
  if (!screen || title === undefined || !canSeeScreen(user, screen)) return null;
  return frameOf(shell, language, title, menuFor(user).length > 0);
}

/** `page` (index.html, with the screen's preloads) for this request: its language, its scheme and, when due, its frame. */
export function pageShellOf(shell: PageShell, page: string, request: PageRequest): string {
  const language = languageOf(request.cookies);
  const scheme = schemeOf(request.cookies);
  const html = `<html lang="${language}"${scheme ? ` data-mantine-color-scheme="${scheme}"` : ''}>`;
  let answer = page.replace(/<html[^>]*>/, html);
  const frame = frameFor(shell, language, request);
  if (frame !== null) {
    // The frame's first paint needs the stylesheet and no code (the app starts after it), so the code's preloads wait
    // in an inert template, which the entry puts in the document once the frame is painted: the stylesheet has the
    // connection to itself, and the code still loads in parallel, not module by module.
    const preloads = answer.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    answer = answer
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', `<template id="pd-preloads">${preloads.join('')}</template></head>`)
      .replace('<div id="root"></div>', `<div id="root">${frame}</div>`);
  }
  return answer;
}
