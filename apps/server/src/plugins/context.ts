import { type Language, languageHeader, languages } from '@paydesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Deps } from '../deps';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** What the services are handed: the database, the configuration and the secrets key. */
    deps: Deps;
  }
  interface FastifyRequest {
    /** The language of `localized_message`, from the `x-language` header (SPEC §7). */
    language: Language;
  }
}

/**
 * Without `x-language` (a download the browser opens itself, such as a CSV export), the first of our languages the
 * browser's Accept-Language names, else English.
 */
function browserLanguage(accepted: string | undefined): Language {
  const names = (accepted ?? '').split(',').map((part) => part.trim().toLowerCase().slice(0, 2));
  return names.map((name) => languages.find((language) => language === name)).find((found) => found) ?? 'en';
}

/** The language of a request's answers, from its headers: `x-language`, else the browser's, else English. */
export function languageOfHeaders(headers: Record<string, string | string[] | undefined>): Language {
  const header = headers[languageHeader];
  const requested = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  const accepted = headers['accept-language'];
  return (
    languages.find((language) => language === requested) ??
    browserLanguage(Array.isArray(accepted) ? accepted[0] : accepted)
  );
}

export const contextPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; database: Database; deps: Deps }) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('deps', options.deps);
    app.decorateRequest('language', 'en');
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = languageOfHeaders(request.headers);
      done();
    });
  },
  { name: 'context' },
);
