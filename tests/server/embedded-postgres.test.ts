/** A data folder still held by a running PostgreSQL gets a clear message, not a hang or a cryptic error. */
import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedDataDir, startEmbeddedPostgres, EmbeddedStartError } from '../../server/db/embedded.ts';

describe('embedded PostgreSQL start', () => {
  it('names the process holding the data folder and says what to do', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbase-stale-'));
    try {
      const cluster = embeddedDataDir(dataDir);
      await mkdir(cluster, { recursive: true });
      // A live process (this test runner) stands in for a postgres left behind by a killed Fieldbase.
      await writeFile(path.join(cluster, 'postmaster.pid'), `${process.pid}\n${cluster}\n`);
      const start = startEmbeddedPostgres({ dataDir, port: 54398 });
      await expect(start).rejects.toBeInstanceOf(EmbeddedStartError);
      await expect(start).rejects.toThrow(`is held by a running PostgreSQL (pid ${process.pid})`);
      await expect(start).rejects.toThrow(`Stop it (kill ${process.pid}) and start again.`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
