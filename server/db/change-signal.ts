/**
 * Tells this process at once when any instance commits a write that notifies a channel
 * (PostgreSQL's LISTEN/NOTIFY). LISTEN needs one session kept open, so each process holds a
 * connection of its own for it, outside the pool. A PgBouncer in transaction pooling cannot carry
 * it (the session changes at every transaction): listen on a direct connection
 * (docs/several-machines.md).
 *
 * Listening starts at once. A lost connection is opened again after 1 s, doubling up to 30 s;
 * a connection dropped without a word (a firewall, a failover) is found by asking it `select 1`
 * every 30 s. Notifications sent meanwhile are lost, so a waiter never relies on one alone: it
 * looks again after a while anyway, and four times a second while nothing listens.
 */
import pg from 'pg';

/** Notified when a write to the offline databases commits (migration 027's trigger on sync_docs). */
export const SYNC_CHANNEL = 'fieldbase_sync';

/** How often a waiter looks while nothing listens (as often as waiters looked before notifications). */
const UNHEARD_MS = 250;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
/** How often the listening connection is asked whether it is still there, and how long it has to answer. */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

export interface ChangeSignal {
  /** Counts the notifications heard: read it before looking, and pass it to `after`. */
  readonly heard: number;
  readonly listening: boolean;
  /** Closed with its server: waiters stop waiting. */
  readonly closed: boolean;
  /** Resolves once a notification is heard after `heard` was read, or after `ms` (250 ms while not listening). */
  after(heard: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

export function listenForChanges(databaseUrl: string, channel: string, log: (line: string) => void): ChangeSignal {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const waiters = new Set<() => void>();
  let heard = 0;
  let client: pg.Client | undefined;
  /** The client being connected, ended by a close that comes meanwhile. */
  let pending: pg.Client | undefined;
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
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: `fieldbase listen ${channel}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    pending = c;
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
    } finally {
      pending = undefined;
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

  // A connection that stopped answering without closing is taken for lost.
  const probe = setInterval(() => {
    const c = client;
    if (!c) return;
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
    });
    Promise.race([c.query('select 1'), silent])
      .catch((err: Error) => lost(c, err.message))
      .finally(() => clearTimeout(timer));
  }, PROBE_EVERY_MS);
  probe.unref();

  start();
  return {
    get heard() {
      return heard;
    },
    get listening() {
      return client !== undefined;
    },
    get closed() {
      return closed;
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
      clearInterval(probe);
      for (const wake of [...waiters]) wake();
      // A connection still being made (a database out of reach) is not waited for.
      void pending?.end().catch(() => undefined);
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
