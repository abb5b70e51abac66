/**
 * Tells this process at once when any instance commits a write that notifies a channel
 * (PostgreSQL's LISTEN/NOTIFY). LISTEN needs one session kept open, so each process holds a
 * connection of its own for it, outside the pool. A PgBouncer in transaction pooling cannot carry
 * it (the session changes at every transaction): listen on a direct connection
 * (docs/several-machines.md).
 *
 * Listening starts at once. A lost connection is opened again after 1 s, doubling
 * up to 30 s; notifications sent meanwhile are lost, so a waiter never relies on one alone: it
 * looks again after a while anyway, and four times a second while nothing listens.
 */
import pg from 'pg';

/** Notified when a write to the offline databases commits (migration 027's trigger on sync_docs). */
export const SYNC_CHANNEL = 'fieldbase_sync';

/** How often a waiter looks while nothing listens (as often as waiters looked before notifications). */
const UNHEARD_MS = 250;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface ChangeSignal {
  /** Counts the notifications heard: read it before looking, and pass it to `after`. */
  readonly heard: number;
  readonly listening: boolean;
  /** Resolves once a notification is heard after `heard` was read, or after `ms` (250 ms while not listening). */
  after(heard: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

export function listenForChanges(databaseUrl: string, channel: string, log: (line: string) => void): ChangeSignal {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const waiters = new Set<() => void>();
  let heard = 0;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const wakeAll = () => {
    heard += 1;
    for (const wake of [...waiters]) wake();
  };

  function lost(c: pg.Client, why: string) {
    c.removeAllListeners();
    c.on('error', () => undefined);
    void c.end().catch(() => undefined);
    if (client !== c && client !== undefined) return;
    client = undefined;
    if (closed || retry) return;
    log(`[listen] ${channel}: ${why}; listening again in ${retryMs / 1000} s`);
    retry = setTimeout(() => {
      retry = undefined;
      start();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: `fieldbase listen ${channel}` });
    c.on('notification', (message) => {
      if (message.channel === channel) wakeAll();
    });
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'the connection ended'));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      lost(c, (err as Error).message);
      return;
    }
    if (closed) return void c.end().catch(() => undefined);
    client = c;
    retryMs = RETRY_FIRST_MS;
    // A write may have committed while nobody listened: let the waiters look.
    wakeAll();
  }

  function start() {
    if (closed || client || connecting || retry) return;
    connecting = connect().finally(() => (connecting = undefined));
  }

  start();
  return {
    get heard() {
      return heard;
    },
    get listening() {
      return client !== undefined;
    },
    after(since, ms) {
      if (heard !== since || closed) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, client ? ms : Math.min(ms, UNHEARD_MS));
        waiters.add(done);
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const wake of [...waiters]) wake();
      await connecting;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
