/**
 * Initial JavaScript of the console beside its baseline, a bare react-admin app
 * (bench/bare-admin: the console's fifteen resources, each with explicit list, edit, create and
 * show pages of Datagrid/TextField/SimpleForm/TextInput, over ra-data-simple-rest with a token
 * authProvider), both built by the same Vite with the same React plugin and chunking, and the
 * same react-admin and MUI.
 *
 *   npx tsx bench/bundle-size.ts            (or: npm run bench:bundle)
 *
 * No knobs: a build is deterministic, so there are no rounds and no order to shuffle.
 *
 * "Initial" is what the browser must fetch before the first screen can run: the entry chunk
 * and, transitively, every chunk it imports statically (Vite's manifest `imports`). Chunks
 * reached only through import() load when a page asks for them and are listed apart; of those,
 * the ones the dashboard opens as soon as it renders (its sections and their chart) are what a
 * user waits for right after sign-in, reported on a line of their own (the bare app has no
 * dashboard: nothing to compare it with).
 * Sizes are gzip at zlib's default level, in KB of 1024 bytes. Builds go to dist/bench/.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { projectRoot } from '../server/config.ts';
import { reportResult } from './support/report.ts';

/** The goal: the console's initial JavaScript at most this many times the bare app's. */
const GOAL_RATIO = 1.1;

/** The chunks the dashboard loads as it renders after sign-in: its sections, which render the chart at once. */
const DASHBOARD_ENTRIES = ['src/documents/dashboard/DashboardSections.tsx', 'src/documents/dashboard/DailyChart.tsx'];

/** vite.config.ts's chunking, for the bare app too: everything the first screen needs in one chunk. */
const sameChunking: BuildOptions = {
  rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } } },
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface BundleFigures {
  initialFiles: string[];
  initialGzip: number;
  lazyFiles: string[];
  lazyGzip: number;
  /** What DASHBOARD_ENTRIES load beyond the initial files (none when the app has no such chunks). */
  dashboardFiles: string[];
  dashboardGzip: number;
}

const outRoot = path.join(projectRoot, 'dist', 'bench');

async function buildApp(name: string, options: { configFile: string | false; root: string }): Promise<string> {
  const outDir = path.join(outRoot, name);
  await build({
    configFile: options.configFile,
    root: options.root,
    logLevel: 'warn',
    plugins: options.configFile ? [] : [react()],
    build: { ...(options.configFile ? {} : sameChunking), outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}

const gzipSize = (outDir: string, file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

export function measure(outDir: string): BundleFigures {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`${outDir}: expected one entry chunk, found ${entries.length}`);
  const closure = (from: string, into: Set<string>) => {
    const visit = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      manifest[key]!.imports?.forEach(visit);
    };
    visit(from);
    return into;
  };
  const initial = closure(entries[0]!, new Set<string>());
  const afterSignIn = new Set<string>();
  for (const key of DASHBOARD_ENTRIES.filter((k) => manifest[k])) closure(key, afterSignIn);
  const js = (key: string) => manifest[key]!.file.endsWith('.js');
  const initialKeys = [...initial].filter(js);
  const lazyKeys = Object.keys(manifest).filter((key) => !initial.has(key) && js(key));
  const files = (keys: string[]) => [...new Set(keys.map((key) => manifest[key]!.file))];
  const total = (list: string[]) => list.reduce((sum, file) => sum + gzipSize(outDir, file), 0);
  const initialFiles = files(initialKeys);
  const lazyFiles = files(lazyKeys);
  const dashboardFiles = files([...afterSignIn].filter((key) => !initial.has(key) && js(key)));
  return {
    initialFiles,
    initialGzip: total(initialFiles),
    lazyFiles,
    lazyGzip: total(lazyFiles),
    dashboardFiles,
    dashboardGzip: total(dashboardFiles),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const consoleOut = await buildApp('console', { configFile: path.join(projectRoot, 'vite.config.ts'), root: projectRoot });
  const bareOut = await buildApp('bare-admin', { configFile: false, root: path.join(projectRoot, 'bench', 'bare-admin') });
  const ours = measure(consoleOut);
  if (ours.dashboardFiles.length === 0) throw new Error(`console build: none of ${DASHBOARD_ENTRIES.join(', ')} is a chunk of its own`);
  const bare = measure(bareOut);
  const ratio = ours.initialGzip / bare.initialGzip;

  console.log('Initial JavaScript (entry chunk + its static imports, gzip)');
  console.log(`  bare react-admin  ${kb(bare.initialGzip).padStart(10)}   ${bare.initialFiles.length} file(s)`);
  console.log(`  console           ${kb(ours.initialGzip).padStart(10)}   ${ours.initialFiles.length} file(s)`);
  console.log(
    `  ratio             ${ratio.toFixed(2).padStart(9)}×   goal ≤ ${GOAL_RATIO}× ${ratio <= GOAL_RATIO ? '(met)' : '(NOT met)'}`,
  );
  console.log(`Loaded right after sign-in, on the dashboard (console): ${kb(ours.dashboardGzip)}`);
  for (const file of ours.dashboardFiles) console.log(`  ${kb(gzipSize(consoleOut, file)).padStart(10)}  ${file}`);
  console.log(`Loaded on demand (console): ${kb(ours.lazyGzip)} in ${ours.lazyFiles.length} chunk(s)`);
  for (const file of ours.lazyFiles) console.log(`  ${kb(gzipSize(consoleOut, file)).padStart(10)}  ${file}`);
  reportResult({
    path: 'initial JS gzip vs the explicit bare app',
    figure: ours.initialGzip / 1024,
    unit: 'KB',
    baseline: bare.initialGzip / 1024,
    baselineName: 'bare react-admin, explicit pages',
    ratio,
    goal: `≤ ${GOAL_RATIO}×`,
    met: ratio <= GOAL_RATIO,
  });
  reportResult({ path: 'JS loaded after sign-in (dashboard)', figure: ours.dashboardGzip / 1024, unit: 'KB' });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
