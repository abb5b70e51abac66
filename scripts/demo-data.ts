/**
 * `npm run demo-data -- --documents 1000000 [--changes 1000000] [--seed 2026] [--reset | --remove]`: fills the
 * database `npm start` uses (embedded under DATA_DIR, or DATABASE_URL) with the demo data set.
 * Opens it exactly as `npm start` does (migrations, first-run seed), so it also works on a
 * fresh DATA_DIR. Stop `npm start` first when it runs on the same embedded database.
 */
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/servers.ts';
import { withStartupLock } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { generateDemoData, DEFAULT_SEED } from '../server/demo/demo-data.ts';
import { resetDemoData } from '../server/demo/demo-reset.ts';
import { generateDemoChanges } from '../server/demo/demo-changes.ts';
import { fileStoresFor } from '../server/files/file-stores.ts';

const USAGE = `Usage: npm run demo-data -- [--documents N] [--changes N] [--seed N] [--reset | --remove]
  --documents N  documents to add (default 10000); 1000000 takes a few minutes
  --changes N    rows to add to the change log (default 0), as the demo users' changes over the last 30 days
  --seed N       random seed (default ${DEFAULT_SEED}): same seed and starting database, same data
  --reset        remove the demo data first (demo programs, their documents, forms, types, users)
  --remove       only remove the demo data`;

function count(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${text}"\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      documents: { type: 'string' },
      changes: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      remove: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const documents = count(values.documents, 'documents', 10_000);
  const changes = count(values.changes, 'changes', 0);
  const seedValue = count(values.seed, 'seed', DEFAULT_SEED);
  const started = performance.now();
  const config = loadConfig();
  const { files } = fileStoresFor(config);
  const { db, embedded, url } = await openDatabase(config, console.log);
  try {
    const seeded = await withStartupLock(db, () => seed(db, config));
    if (seeded.generatedPassword)
      console.log(`[seed] admin ${seeded.adminEmail} created with password ${seeded.generatedPassword}  <- shown only this once`);

    if (values.reset || values.remove) {
      const removed = await resetDemoData(db, files);
      console.log(
        `[demo] removed ${removed.documents.toLocaleString('en-US')} documents, ${removed.programs} programs, ${removed.types} type records, ` +
          `${removed.forms} forms, ${removed.users} users, ${removed.files} attachment files`,
      );
      if (values.remove) return;
    }

    const result = await generateDemoData(db, {
      documents,
      seed: seedValue,
      files,
      databaseUrl: url,
      log: console.log,
    });
    const changesStarted = performance.now();
    const logged = await generateDemoChanges(db, result.catalogue, changes, new Date());
    const changesSeconds = (performance.now() - changesStarted) / 1000;
    const { rows } = await sql<{ size: string }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(db);
    const c = result.counters;
    console.log('');
    console.log(`  Documents added      ${result.documents.toLocaleString('en-US')} (${result.attachments} attachment files)`);
    console.log(
      `  Document load        ${result.loadSeconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s ` +
        `(COPY alone ${result.copySeconds.toFixed(1)} s${result.indexesRebuilt.length ? `; ${result.indexesRebuilt.length} indexes and ${result.foreignKeysRebuilt.length} foreign keys made again after it` : ''})`,
    );
    console.log(`  VACUUM + ANALYZE     ${result.maintenanceSeconds.toFixed(1)} s`);
    if (logged) console.log(`  Change log           ${logged.toLocaleString('en-US')} rows added in ${changesSeconds.toFixed(1)} s`);
    console.log(
      `  Counters             ${c.countRows} program/type/owner rows and ${c.dayRows} day rows equal count(*) of their groups ` +
        `(${c.counted.toLocaleString('en-US')} demo documents in all)`,
    );
    console.log(`  Database size        ${rows[0]!.size}`);
    console.log(`  Total time           ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log('');
    console.log(`  Demo users (password "${result.password}", demo data only):`);
    for (const user of result.catalogue.users.values()) console.log(`    ${user.email.padEnd(42)} ${user.role}`);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
