import type { Config } from './config';
import type { Db } from './db/client';
import type { Secrets } from './lib/secrets';

/** What the services need from the process, handed to them explicitly (never the HTTP layer). */
export interface Deps {
  readonly db: Db;
  readonly config: Config;
  /** Seals and opens secrets at rest (DESIGN §9). */
  readonly secrets: Secrets;
}
