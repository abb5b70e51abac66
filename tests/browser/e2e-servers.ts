/**
 * What the browser tests run against: the real `npm start` stack (embedded PostgreSQL, both
 * servers, the built console) on its own ports and a fresh data folder, plus fixture users.
 * E2E_STACK says which worker's stack this is (e2e-settings.ts).
 */
import { rm } from 'node:fs/promises';
import { loadConfig } from '../../server/config.ts';
import { startServers } from '../../server/servers.ts';
import { embeddedDataDir } from '../../server/db/embedded.ts';
import { buildConsoleIfStale } from '../../server/cli/console-build.ts';
import { stopOnSignals } from '../../server/cli/lifecycle.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { E2E, E2E_MAP_TILES_URL, consoleUrl } from './e2e-settings.ts';

async function main() {
  await rm(E2E.dataDir, { recursive: true, force: true });
  await rm(embeddedDataDir(E2E.dataDir), { recursive: true, force: true });
  buildConsoleIfStale(console.log);
  // On a server of one's own (TEST_DATABASE_URL) each stack gets a fresh database, dropped when it stops.
  const database = process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: E2E.dataDir,
    CONSOLE_PORT: String(E2E.consolePort),
    AUTH_PORT: String(E2E.authPort),
    API_PORT: String(E2E.apiPort),
    EMBEDDED_PG_PORT: String(E2E.pgPort),
    CONSOLE_URL: consoleUrl,
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_PASSWORD: E2E.admin.password,
    SMTP_URL: '',
    // A host that does not exist: a test that opens a map routes its tiles (page.route), and one
    // that forgot to fails instead of reaching the internet.
    MAP_TILES_URL: E2E_MAP_TILES_URL,
    LOG_LEVEL: 'warn',
    // The webhook spec's receiver listens on this machine; its refusal has server tests of its own.
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_RETRY_FIRST_SECONDS: '1',
  });
  const running = await startServers(config, { serveConsole: true });
  stopOnSignals(async () => {
    await running.stop();
    await database?.drop();
  });
  const viewerRole = await insertRole(running.ctx.db, {
    role: 'Viewer',
    permission: flags(false, { can_access_dashboard: true, can_get_designation: true }),
  });
  await insertUser(running.ctx.db, {
    email: E2E.viewer.email,
    password: E2E.viewer.password,
    roleId: viewerRole.id,
    first_name: 'Vera',
    last_name: 'Viewer',
  });
  // Enough field staff for the users table to need a second page.
  const fieldStaff = await roleIdBySlug(running.ctx.db, 'field-staff');
  for (let i = 1; i <= E2E.fieldStaffCount; i++) {
    const n = String(i).padStart(2, '0');
    await insertUser(running.ctx.db, {
      email: `field${n}@example.org`,
      password: 'Field-staff-pass-1',
      roleId: fieldStaff,
      first_name: `Field${n}`,
      last_name: 'Worker',
    });
  }
  console.log(`[e2e] console ${consoleUrl} ready`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
