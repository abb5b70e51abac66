/**
 * Ports, folders and fixture accounts of the browser tests: away from `npm start`'s defaults.
 *
 * The tests run in E2E_STACKS workers, each against a stack of its own (servers, PostgreSQL,
 * data folder), so that one worker's users, forms and documents never show in another's
 * lists. A worker finds its stack by Playwright's TEST_PARALLEL_INDEX (a slot that a restarted
 * worker keeps); e2e-servers.ts is told which stack to start by E2E_STACK.
 */
import path from 'node:path';
import { projectRoot } from '../../server/config.ts';

export const E2E_STACKS = 2;

/** TEST_PORT_OFFSET shifts every test port, so two checkouts can run their tests side by side. */
export const testPortOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export function e2eStack(stack: number) {
  // Stack 0 keeps the ports it always had; the others sit above every other test port.
  const port = (base: number, step: number) => base + testPortOffset + step * stack;
  return {
    stack,
    consolePort: port(18080, 10),
    authPort: port(18081, 10),
    apiPort: port(18082, 10),
    pgPort: port(54349, 50),
    dataDir: path.join(projectRoot, 'data', stack === 0 ? 'e2e' : `e2e-${stack}`),
    admin: { email: 'admin@fieldbase.local', password: 'E2e-admin-pass-1' },
    /** A role that may see designations and nothing more. */
    viewer: { email: 'viewer@fieldbase.local', password: 'Viewer-pass-123' },
    /** Field staff users field01..fieldNN@example.org, so that the users table pages. */
    fieldStaffCount: 11,
  };
}

export const E2E = e2eStack(Number(process.env.E2E_STACK ?? process.env.TEST_PARALLEL_INDEX ?? 0));

export const consoleUrl = `http://localhost:${E2E.consolePort}`;
export const authUrl = `http://localhost:${E2E.authPort}`;
export const outboxDir = path.join(E2E.dataDir, 'outbox');

/** The tile server the browser tests' console draws maps from: no such host; tests route its tiles. */
export const E2E_MAP_TILES_URL = 'https://tiles.e2e.invalid/{z}/{x}/{y}.png';
