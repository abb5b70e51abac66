/**
 * An import gives way to the requests of everyone else. Its worker thread runs at nice 19 (Linux
 * keeps a nice value per thread; elsewhere it would lower the whole process, so it is left
 * alone), and so does the PostgreSQL backend writing its rows, which does most of an import's
 * work (the rows' trigram index) — when that backend is a process of this machine: its process
 * title, "postgres: user database 127.0.0.1(port) …", must name the port of this very
 * connection, so a server elsewhere (DATABASE_URL) or any other process is never touched. The
 * backend ends with the connection, and its nice with it.
 *
 * Measured with bench:import-signin on a busy 2-core machine: sign-in's hashing took 3× longer
 * during an import with the backend at nice 0, about as long as idle at nice 10. On an idle one,
 * nice 19 (the lowest priority: an import is background work) against 10 took sign-in's p95 during
 * an import from 1.97–2.11× of idle to 1.62–1.71× (80 sign-ins × 5 imports, two runs each).
 */
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const IMPORT_NICE = 19;

export function lowerThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(IMPORT_NICE);
  } catch {
    // Not allowed here: the import runs at the process's own priority.
  }
}

/** Lowers the priority of the backend serving `conn`, when it is a local PostgreSQL process this user may renice. */
export async function lowerBackend(conn: Db): Promise<void> {
  if (process.platform !== 'linux') return;
  const { rows } = await sql<{ pid: number; port: number | null }>`select pg_backend_pid() as pid, inet_client_port() as port`.execute(
    conn,
  );
  const { pid, port } = rows[0]!;
  if (port === null) return; // a Unix socket: no port to recognise the backend by
  try {
    const title = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (title.startsWith('postgres:') && title.includes(`(${port})`)) os.setPriority(pid, IMPORT_NICE);
  } catch {
    // No such local process, or not ours to renice: the import runs as it is.
  }
}
