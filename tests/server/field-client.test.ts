/**
 * The field client (scripts/field-client/) against the running servers, step by step as a person
 * uses it offline: pull, fill documents with no server in reach, push, push again. Its database
 * lives in a file between the steps; the documents are stored once, each with valid answers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { runFieldClient, type FieldClientOptions } from '../../scripts/field-client/client.ts';

let t: TestServer;
let world: DocumentWorld;
let folder: string;
let options: Omit<FieldClientOptions, 'step'>;

beforeAll(async () => {
  t = await startTestServer();
  const host = (url: string) => url.replace('[::1]', '127.0.0.1');
  const api = host(await t.api.app.listen({ host: '127.0.0.1', port: 0 }));
  const auth = host(await t.auth.app.listen({ host: '127.0.0.1', port: 0 }));
  world = await makeDocumentWorld(t);
  folder = await mkdtemp(path.join(tmpdir(), 'field-client-'));
  const email = `${world.names.member.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`;
  options = {
    user: email,
    password: 'field worker passphrase',
    program: world.program.id,
    count: 4,
    db: path.join(folder, 'device.json'),
    auth,
    api,
    seed: 7,
  };
});
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const stored = async () =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from documents where local_id like 'field-client-%' and created_by = ${world.member.id}`.execute(t.ctx.db)
    ).rows[0]!.n,
  );

it('pulls, fills offline, pushes, and a second push sends nothing twice', async () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  await runFieldClient({ ...options, step: 'pull' }, log);
  expect(lines.join('\n')).toMatch(new RegExp(`pulled program-${world.program.id} \\(.*\\): [1-9]\\d* documents`));
  // Offline: the servers' addresses lead nowhere, and filling needs none.
  await runFieldClient({ ...options, step: 'fill', auth: 'http://127.0.0.1:9', api: 'http://127.0.0.1:9' }, log);
  expect(lines.some((l) => l.startsWith('filled 4 documents offline'))).toBe(true);
  await runFieldClient({ ...options, step: 'push' }, log);
  expect(lines, lines.join('\n')).toContain('pushed: 4 documents stored, 0 refused');
  expect(await stored()).toBe(4);
  await runFieldClient({ ...options, step: 'push' }, log);
  expect(lines.at(-2)).toBe('pushed: 0 documents stored, 0 refused');
  expect(await stored()).toBe(4);
});
