/**
 * zod compiles its object parsers with `new Function` unless told not to, and probes once whether it may; under the
 * server's Content-Security-Policy (no 'unsafe-eval') even that caught probe is reported as a violation. zod takes
 * this global as its configuration when it loads (always in a lazy chunk, after the entry has run), so every parser —
 * the app's and the API reference's — stays on the interpreted path. Imported first by `main.tsx`; it costs the first
 * visit a line, where importing zod's `config()` would pull zod into the entry.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
