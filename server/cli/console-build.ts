/** Rebuilds the console with Vite when any of its sources is newer than the last build. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config.ts';
import { consoleDist } from '../console-server.ts';

// The console is built from its own sources, the schemas and the resource map, and the shared model (rules, registries).
export const CONSOLE_SOURCES = ['src', 'schemas', 'model', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

export function consoleBuildIsStale(): boolean {
  const built = path.join(consoleDist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CONSOLE_SOURCES.some((s) => newestMtime(path.join(projectRoot, s)) > builtAt);
}

export function buildConsoleIfStale(log: (line: string) => void): void {
  if (!consoleBuildIsStale()) return;
  log('[console] sources changed since the last build: building the console (vite build)...');
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      // Always the production build: a start from a test run inherits NODE_ENV=test, which would
      // otherwise give React's development build (slower, and noisy with dev-only warnings).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('The console build failed (see the output above).');
}
