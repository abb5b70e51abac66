/**
 * `npm run migration:new <name>`: writes server/db/migrations/NNN-<name>.ts (the next free
 * number) as a skeleton and lists it in server/db/migrate.ts. `--root <folder>` works on
 * another copy of the project (the tests use a temporary one).
 */
import path from 'node:path';
import { projectRoot } from '../server/config.ts';
import { MigrationNameError, migrationArgs, newMigration } from '../server/db/migration-file.ts';

function main(args: string[]): number {
  const { root, names } = migrationArgs(args, projectRoot);
  if (names.length !== 1) {
    console.error('Usage: npm run migration:new <name>   e.g. npm run migration:new fixture-site-kind');
    return 1;
  }
  const dbDir = path.join(root, 'server', 'db');
  try {
    const made = newMigration(names[0], dbDir);
    const shown = path.relative(root, made.file);
    console.log(`Wrote ${shown}.`);
    if (made.registered) console.log('Listed it in server/db/migrate.ts.');
    else
      console.log(
        `Could not find where to list it in server/db/migrate.ts: add these two lines by hand\n  ${made.linesToAdd.import}\n${made.linesToAdd.entry}`,
      );
    console.log('Write its up() (the file shows how), then restart: the start runs it, then compares the tables with their schemas.');
    return 0;
  } catch (err) {
    if (!(err instanceof MigrationNameError)) throw err;
    console.error(err.message);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
