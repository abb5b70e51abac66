/**
 * Initial JavaScript of the console beside a bare react-admin app (bench/bare-admin: the same
 * three resources through ListGuesser/EditGuesser over ra-data-simple-rest), both built by the
 * same Vite with the same React plugin and the same react-admin and MUI.
 *
 *   npx tsx bench/bundle-size.ts            (or: npm run bench:bundle)
 *
 * "Initial" is what the browser must fetch before the first screen can run: the entry chunk
 * and, transitively, every chunk it imports statically (Vite's manifest `imports`). Chunks
 * reached only through import() load when a page asks for them and are listed apart.
 * Sizes are gzip at zlib's default level, in KB of 1024 bytes. Builds go to dist/bench/.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { projectRoot } from '../server/config.ts';

/** The goal: the console's initial JavaScript at most this many times the bare app's. */
const GOAL_RATIO = 1.1;

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
}

const outRoot = path.join(projectRoot, 'dist', 'bench');

async function buildApp(name: string, options: { configFile: string | false; root: string }): Promise<string> {
  const outDir = path.join(outRoot, name);
  await build({
    configFile: options.configFile,
    root: options.root,
    logLevel: 'warn',
    plugins: options.configFile ? [] : [react()],
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}

const gzipSize = (outDir: string, file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

export function measure(outDir: string): BundleFigures {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`${outDir}: expected one entry chunk, found ${entries.length}`);
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(entries[0]!);
  const js = (key: string) => manifest[key]!.file.endsWith('.js');
  const initialKeys = [...initial].filter(js);
  const lazyKeys = Object.keys(manifest).filter((key) => !initial.has(key) && js(key));
  const files = (keys: string[]) => [...new Set(keys.map((key) => manifest[key]!.file))];
  const total = (list: string[]) => list.reduce((sum, file) => sum + gzipSize(outDir, file), 0);
  const initialFiles = files(initialKeys);
  const lazyFiles = files(lazyKeys);
  return { initialFiles, initialGzip: total(initialFiles), lazyFiles, lazyGzip: total(lazyFiles) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const consoleOut = await buildApp('console', { configFile: path.join(projectRoot, 'vite.config.ts'), root: projectRoot });
  const bareOut = await buildApp('bare-admin', { configFile: false, root: path.join(projectRoot, 'bench', 'bare-admin') });
  const ours = measure(consoleOut);
  const bare = measure(bareOut);
  const ratio = ours.initialGzip / bare.initialGzip;

  console.log('Initial JavaScript (entry chunk + its static imports, gzip)');
  console.log(`  bare react-admin  ${kb(bare.initialGzip).padStart(10)}   ${bare.initialFiles.length} file(s)`);
  console.log(`  console           ${kb(ours.initialGzip).padStart(10)}   ${ours.initialFiles.length} file(s)`);
  console.log(
    `  ratio             ${ratio.toFixed(2).padStart(9)}×   goal ≤ ${GOAL_RATIO}× ${ratio <= GOAL_RATIO ? '(met)' : '(NOT met)'}`,
  );
  console.log(`Loaded on demand (console): ${kb(ours.lazyGzip)} in ${ours.lazyFiles.length} chunk(s)`);
  for (const file of ours.lazyFiles) console.log(`  ${kb(gzipSize(consoleOut, file)).padStart(10)}  ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
