/** What every route handler may use: the database, the settings, tokens and mail. */
import type { Db } from './db/database.ts';
import type { Config } from './config.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
}
