/**
 * `npm run migration:new <name>` writes the next migration as a skeleton and lists it in
 * migrate.ts. Run on a temporary copy of server/db, so the project's own folder is never touched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../server/config.ts';
import { migrationArgs, newMigration } from '../../server/db/migration-file.ts';

let root: string;
let migrateFile: string;
let migrationsDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-migration-new-'));
  migrationsDir = path.join(root, 'server', 'db', 'migrations');
  migrateFile = path.join(root, 'server', 'db', 'migrate.ts');
  await cp(path.join(projectRoot, 'server', 'db', 'migrations'), migrationsDir, { recursive: true });
  await cp(path.join(projectRoot, 'server', 'db', 'migrate.ts'), migrateFile);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const dbDir = () => path.join(root, 'server', 'db');

function migrationNew(...args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', 'migration:new', '--', ...args, '--root', root], { cwd: projectRoot, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

async function numbersIn(dir: string): Promise<number[]> {
  return (await readdir(dir)).filter((f) => /^\d{3}-/.test(f)).map((f) => Number(f.slice(0, 3)));
}

describe('npm run migration:new', () => {
  it('writes the next number as a skeleton and lists it after the last migration', async () => {
    const next = String(Math.max(...(await numbersIn(migrationsDir))) + 1).padStart(3, '0');
    const before = await readFile(migrateFile, 'utf8');

    const run = migrationNew('fixture-site-kind');
    expect(run.status, run.out).toBe(0);
    expect(run.out).toContain(`Wrote server/db/migrations/${next}-fixture-site-kind.ts.\nListed it in server/db/migrate.ts.`);

    const after = await readFile(migrateFile, 'utf8');
    const added = after.split('\n').filter((line) => !before.split('\n').includes(line));
    expect(added).toEqual([
      `import * as fixtureSiteKind from './migrations/${next}-fixture-site-kind.ts';`,
      `  '${next}-fixture-site-kind': fixtureSiteKind,`,
    ]);
    const lines = after.split('\n');
    // Right after the last import of a migration, and as the last entry of the list.
    expect(lines[lines.indexOf(added[0]!) - 1]).toMatch(/^import \* as \w+ from '\.\/migrations\/\d{3}-/);
    expect(lines[lines.indexOf(added[1]!) + 1]).toBe('};');

    const file = path.join(migrationsDir, `${next}-fixture-site-kind.ts`);
    const skeleton = await readFile(file, 'utf8');
    expect(skeleton).toContain('export async function up(');
    expect(skeleton).toContain('export async function down(');
    expect(skeleton).toContain('alter table "site" alter column "visits" type bigint using "visits"::bigint');
    // Until it is written, the migration refuses to run (an empty one would be recorded as done).
    const module = (await import(pathToFileURL(file).href)) as { up: (db: unknown) => Promise<void> };
    await expect(module.up(undefined)).rejects.toThrow(
      `Migration ${next}-fixture-site-kind is a skeleton: write its up() in server/db/migrations/${next}-fixture-site-kind.ts`,
    );
  });

  it('numbers a second migration after the first', async () => {
    newMigration('first-change', dbDir());
    newMigration('second-change', dbDir());
    const files = await readdir(migrationsDir);
    const first = files.find((f) => f.endsWith('-first-change.ts'));
    const second = files.find((f) => f.endsWith('-second-change.ts'));
    expect(Number(second!.slice(0, 3))).toBe(Number(first!.slice(0, 3)) + 1);
    const source = await readFile(migrateFile, 'utf8');
    expect(source.indexOf(`'${first!.slice(0, -3)}': firstChange,`)).toBeLessThan(
      source.indexOf(`'${second!.slice(0, -3)}': secondChange,`),
    );
  });

  it('gives a name that is not a JavaScript identifier one that is', async () => {
    newMigration('delete', dbDir());
    expect(await readFile(migrateFile, 'utf8')).toMatch(/import \* as delete\d+ from '\.\/migrations\/\d{3}-delete\.ts';/);
  });

  it.each([['Fixture Site'], ['../escape'], ['site_kind'], ['-site'], ['site--kind'], ['9-lives'], ['x'.repeat(61)]])(
    'refuses the name %j and writes nothing',
    async (name) => {
      const files = await readdir(migrationsDir);
      const source = await readFile(migrateFile, 'utf8');
      expect(() => newMigration(name, dbDir())).toThrow(
        `Migration name ${JSON.stringify(name)} refused: use lowercase letters, digits and single hyphens`,
      );
      expect(await readdir(migrationsDir)).toEqual(files);
      expect(await readFile(migrateFile, 'utf8')).toBe(source);
    },
  );

  it('says why a name is refused and exits non-zero', async () => {
    const run = migrationNew('Fixture Site');
    expect(run).toEqual({
      status: 1,
      out: 'Migration name "Fixture Site" refused: use lowercase letters, digits and single hyphens, starting with a letter, at most 60 characters (e.g. fixture-site-kind).\n',
    });
  });

  it('leaves a migrate.ts it does not recognise alone, and says which lines to add', async () => {
    const unusual = "export const migrations = await loadMigrations('./migrations');\n";
    await writeFile(migrateFile, unusual);
    const made = newMigration('by-hand', dbDir());
    expect(made.registered).toBe(false);
    expect(made.linesToAdd).toEqual({
      import: `import * as byHand from './migrations/${made.key}.ts';`,
      entry: `  '${made.key}': byHand,`,
    });
    expect(await readFile(migrateFile, 'utf8')).toBe(unusual);
    expect(await readFile(made.file, 'utf8')).toContain(`Migration ${made.key} is a skeleton`);
  });

  it('reads the name with or without --root', () => {
    expect(migrationArgs(['site-kind'], '/project')).toEqual({ root: '/project', names: ['site-kind'] });
    expect(migrationArgs(['--root', '/copy', 'site-kind'], '/project')).toEqual({ root: '/copy', names: ['site-kind'] });
    expect(migrationArgs(['site-kind', '--root', '/copy'], '/project')).toEqual({ root: '/copy', names: ['site-kind'] });
  });

  it('refuses a name already taken, and a call without a name', async () => {
    expect(() => newMigration('role-name-key', dbDir())).toThrow(
      'A migration named "role-name-key" exists already (007-role-name-key.ts): choose another name.',
    );
    expect(migrationNew()).toEqual({ status: 1, out: expect.stringContaining('Usage: npm run migration:new <name>') });
  });
});
