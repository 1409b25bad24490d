import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { TokenService } from './lib/tokens';

/**
 * What the routes and services need from the outside world; main.ts builds it, tests pass their
 * own. Kept apart from app.ts so services can name it without importing the routes that app.ts
 * registers.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenService;
}
