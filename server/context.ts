/** What every route handler may use: the database, the settings, tokens, mail, background jobs and the stored files. */
import type { Db } from './db/database.ts';
import type { Config } from './config.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobSystem } from './jobs/job-system.ts';
import type { FileStore } from './files/file-store.ts';

export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  /** pg-boss on the same database: started with the api server, stopped before the database closes. */
  jobs: JobSystem;
  /** Uploaded files (server/files/file-store.ts): on this disk or in the shared object store. */
  files: FileStore;
  /** The export CSVs, in the same place as the uploads (server/files/file-stores.ts). */
  exportFiles: FileStore;
}
