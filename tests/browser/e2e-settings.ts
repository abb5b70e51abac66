/** Ports, folders and fixture accounts of the browser tests: away from `npm start`'s defaults. */
import path from 'node:path';
import { projectRoot } from '../../server/config.ts';

/** TEST_PORT_OFFSET shifts every test port, so two checkouts can run their tests side by side. */
export const testPortOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const port = (base: number) => base + testPortOffset;

export const E2E = {
  consolePort: port(18080),
  authPort: port(18081),
  apiPort: port(18082),
  pgPort: port(54349),
  dataDir: path.join(projectRoot, 'data', 'e2e'),
  admin: { email: 'admin@fieldbase.local', password: 'E2e-admin-pass-1' },
  /** A role that may see designations and nothing more. */
  viewer: { email: 'viewer@fieldbase.local', password: 'Viewer-pass-123' },
  /** Field staff users field01..fieldNN@example.org, so that the users table pages. */
  fieldStaffCount: 11,
};

export const consoleUrl = `http://localhost:${E2E.consolePort}`;
export const authUrl = `http://localhost:${E2E.authPort}`;
export const outboxDir = path.join(E2E.dataDir, 'outbox');
