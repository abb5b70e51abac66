/**
 * Users' files are readable by this process's user only: DATA_DIR and every folder of uploads,
 * view list files, the outbox and exports are 0700, every file in them 0600 — when an upload
 * writes them, and after a start over folders and files an older version left 0755/0644. As
 * root the embedded PostgreSQL (running as `postgres`) still reaches its cluster inside DATA_DIR.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase } from '../../server/servers.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import { addProgram } from '../support/programs.ts';
import { tinyPng } from '../support/images.ts';

// The usual umask, which leaves what is created without a mode readable to all (this file runs in a process of its own).
process.umask(0o022);

const PG_PORT = 54389 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const modeOf = async (target: string) => (await stat(target)).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/** Every folder and file below `root` (itself included) with its mode, as "relative path: 0700". */
async function modesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const lines = [`.: ${octal(await modeOf(root))}`];
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    const target = path.join(entry.parentPath, entry.name);
    lines.push(`${path.relative(root, target)}: ${octal(await modeOf(target))}`);
  }
  return lines.sort();
}

/** What each line must say: folders 0700, files 0600. */
async function expectedModes(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const lines = ['.: 0700'];
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    const target = path.join(entry.parentPath, entry.name);
    lines.push(`${path.relative(root, target)}: ${entry.isDirectory() ? '0700' : '0600'}`);
  }
  return lines.sort();
}

describe('files each upload writes', () => {
  let t: TestServer;
  let world: DocumentWorld;
  beforeAll(async () => {
    // The disk store's files, whichever store the run uses (TEST_FILE_STORE).
    t = await startTestServer({ config: { s3Url: undefined } });
    world = await makeDocumentWorld(t);
  }, 60_000);
  afterAll(() => t?.close());

  const inject = (app: TestServer['api'], method: 'POST' | 'PATCH', url: string, headers: object, form: ReturnType<typeof multipart>) =>
    app.app.inject({ method, url, payload: form.payload, headers: { ...(headers as Record<string, string>), ...form.headers } });

  it('user and program photos, document files, permission files, view list files and mails: folders 0700, files 0600', async () => {
    const { admin, member } = world;
    const photo = await inject(t.auth, 'PATCH', `/user/upload/${member.id}`, admin.headers, photoUpload(tinyPng()));
    expect(photo.statusCode, photo.body).toBe(200);
    await addProgram(t, admin.token, {}, tinyPng());
    const attachment = await inject(
      t.api,
      'POST',
      '/document/attachment',
      member.headers,
      multipart([{ name: 'file', filename: 'p.png', contentType: 'image/png', content: tinyPng() }]),
    );
    expect(attachment.statusCode, attachment.body).toBe(201);
    const permissionFile = multipart([
      { name: 'name', value: 'Consent' },
      { name: 'file', filename: 'c.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect((await inject(t.api, 'POST', '/permission', admin.headers, permissionFile)).statusCode).toBe(201);
    const listFile = multipart([
      { name: 'name', value: 'Towns' },
      { name: 'excel_file', filename: 'towns.csv', contentType: 'text/csv', content: Buffer.from('Town\nKisumu\nNakuru\n') },
    ]);
    const list = await inject(t.api, 'POST', '/listview', admin.headers, listFile);
    expect(list.statusCode, list.body).toBeLessThan(300);
    await t.ctx.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'A mail in the outbox' });

    const dataDir = t.ctx.config.dataDir;
    // What the uploads made, in the folders each kind lives in.
    const written = await modesUnder(dataDir);
    for (const folder of [
      'uploads/users',
      'uploads/programs',
      'uploads/documents',
      'uploads/permission-files',
      'uploads/listviews',
      'outbox',
    ]) {
      expect(written.some((line) => line.startsWith(`${folder}/`))).toBe(true);
    }
    expect(written).toEqual(await expectedModes(dataDir));
  });
});

describe('a start over folders and files an older version left readable to others', () => {
  let dataDir: string;
  let config: Config;
  let dropDatabase: () => Promise<void>;
  let outside: string;
  beforeAll(async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-private-'));
    // A project folder others may enter, as a checkout usually is.
    await chmod(base, 0o755);
    dataDir = path.join(base, 'data');
    outside = path.join(base, 'shared.txt');
    await writeFile(outside, 'not ours to change\n', { mode: 0o644 });
    const adminUrl = inject('pgAdminUrl');
    const database = await createTestDatabase(adminUrl!);
    dropDatabase = database.drop;
    config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: 'private files passphrase' });
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('makes DATA_DIR 0700, and the uploads, outbox and exports 0700/0600 throughout; a link is not followed', async () => {
    const old = {
      folders: ['uploads/users', 'uploads/documents', 'uploads/listviews', 'uploads/permission-files/nested', 'outbox', 'exports'],
      files: [
        'uploads/users/u-1.png',
        'uploads/documents/d.pdf',
        'uploads/listviews/l.csv',
        'uploads/permission-files/p.pdf',
        'uploads/permission-files/nested/n.png',
        'outbox/m.eml',
        'exports/e.csv',
      ],
    };
    for (const folder of old.folders) await mkdir(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
    for (const file of old.files) await writeFile(path.join(dataDir, file), 'x', { mode: 0o644 });
    await symlink(outside, path.join(dataDir, 'uploads/documents/link.txt'));
    await chmod(dataDir, 0o755);
    expect(await modeOf(path.join(dataDir, 'uploads/documents/d.pdf'))).toBe(0o644);

    const lines: string[] = [];
    const { db } = await openDatabase(config, (line) => lines.push(line));
    await db.destroy();

    expect(await modesUnder(dataDir)).toEqual(await expectedModes(dataDir));
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(outside)).toBe(0o644);
    expect(lines.filter((l) => l.startsWith('[files]'))).toEqual([]);
  });
});

describe('with the embedded PostgreSQL in DATA_DIR', () => {
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-private-pg-'));
    await chmod(base, 0o755);
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('DATA_DIR is closed to others, the cluster stays inside it across starts, and postgres still reaches it', async () => {
    const dataDir = path.join(base, 'data');
    await mkdir(path.join(dataDir, 'uploads/documents'), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT), ADMIN_PASSWORD: 'private files passphrase' });
    for (let start = 1; start <= 2; start++) {
      const { db, embedded } = await openDatabase(config, () => undefined);
      try {
        expect(embedded?.dataDir).toBe(path.join(dataDir, 'postgres'));
      } finally {
        await db.destroy();
        await embedded?.stop();
      }
    }
    const root = process.getuid?.() === 0;
    // As root PostgreSQL runs as `postgres`, who may pass through DATA_DIR but not list it.
    expect(octal(await modeOf(dataDir))).toBe(root ? '0711' : '0700');
    expect(await modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads/documents'))).toBe(0o700);
    if (root) {
      const asPostgres = (command: string) => spawnSync('su', ['-s', '/bin/sh', 'postgres', '-c', command]).status;
      expect(asPostgres(`test -x '${dataDir}'`)).toBe(0);
      expect(asPostgres(`ls '${dataDir}' >/dev/null 2>&1`)).not.toBe(0);
      expect(asPostgres(`ls '${path.join(dataDir, 'uploads')}' >/dev/null 2>&1`)).not.toBe(0);
    }
  }, 120_000);
});
