/**
 * Mirrors a preference the app keeps in local storage (language, colour scheme) in a cookie of the same meaning, so
 * the server sends the next page's first HTML in it (apps/server/src/plugins/page-shell.ts). Readable by scripts on
 * purpose: it is no secret and decides nothing; a year, the whole site, never sent with another site's requests.
 */
export function mirrorInCookie(name: string, value: string): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // A document without cookies (a sandboxed frame): the server then sends its defaults.
  }
}
