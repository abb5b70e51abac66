/**
 * Turns every schemas/*.schema.json into a TypeScript module under model/generated/, and
 * the names of schemas/resources.json into the ResourceName type. The resource map is
 * checked first (model/resource-map-check.ts): a broken map stops both modes with its message.
 *
 *   npm run codegen          rewrite the files whose content changed (others keep their mtime)
 *   npm run codegen:check    exit 1 and name the stale files, write nothing (CI)
 */
import { readdir, readFile, writeFile, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  renderSchemaModule,
  renderIndexModule,
  renderResourceNamesModule,
  renderSchemaListModule,
  rootTypeName,
  type RootTypeNames,
} from './render.ts';
import { assertModelChecks, ModelError } from '../model/resource-map-check.ts';
import { renderCatalogueModule } from './render-catalogue.ts';

type CatalogueMap = Parameters<typeof renderCatalogueModule>[1];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface GeneratedFile {
  file: string;
  content: string;
}

/** Everything codegen would write, computed in memory (used by both modes and the tests). */
export async function generateAll(schemaDir = path.join(root, 'schemas')): Promise<GeneratedFile[]> {
  const names = (await readdir(schemaDir)).filter((n) => n.endsWith('.schema.json')).sort();
  const schemas = await Promise.all(
    names.map(async (name) => ({ name, schema: JSON.parse(await readFile(path.join(schemaDir, name), 'utf8')) })),
  );
  // A schema's module is named after its file; other schemas import its root type by $id.
  const roots: RootTypeNames = {};
  for (const { name, schema } of schemas) {
    const moduleName = name.replace(/\.schema\.json$/, '');
    if (schema.$id && schema.$id !== moduleName) throw new Error(`schemas/${name}: $id must be "${moduleName}" (the file name)`);
    roots[moduleName] = rootTypeName(schema, moduleName);
  }
  // The files on disk, not the registries: those load model/generated, which may be stale.
  const map = await readMap(schemaDir);
  if (map !== undefined)
    assertModelChecks(
      schemas.map((s) => s.schema),
      map,
    );
  const outputs: GeneratedFile[] = [];
  for (const { name, schema } of schemas) {
    const moduleName = name.replace(/\.schema\.json$/, '');
    outputs.push({ file: `${moduleName}.ts`, content: await renderSchemaModule(schema, name, roots) });
  }
  if (map !== undefined) {
    outputs.push({ file: 'resource-names.ts', content: renderResourceNamesModule(Object.keys(map as object)) });
    outputs.push({
      file: 'catalogue.ts',
      content: renderCatalogueModule(
        schemas.map((s) => s.schema),
        map as CatalogueMap,
      ),
    });
  }
  outputs.push({ file: 'schema-list.ts', content: renderSchemaListModule(names) });
  outputs.push({ file: 'index.ts', content: renderIndexModule(outputs.map((o) => o.file)) });
  return outputs;
}

/** The resource map beside the schemas, if there is one (a folder of schemas alone has no map to check). */
async function readMap(schemaDir: string): Promise<unknown> {
  const text = await readOrNull(path.join(schemaDir, 'resources.json'));
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`schemas/resources.json: not JSON: ${(err as Error).message}`);
  }
}

async function readOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** Compares generated output with what is on disk: files to write and files to delete. */
export async function diffGenerated(outDir: string, outputs: GeneratedFile[]) {
  const stale: string[] = [];
  for (const { file, content } of outputs) {
    if ((await readOrNull(path.join(outDir, file))) !== content) stale.push(file);
  }
  const wanted = new Set(outputs.map((o) => o.file));
  const existing = await readdir(outDir).catch(() => [] as string[]);
  const orphans = existing.filter((f) => f.endsWith('.ts') && !wanted.has(f));
  return { stale, orphans };
}

async function main() {
  const check = process.argv.includes('--check');
  const outDir = path.join(root, 'model', 'generated');
  const outputs = await generateAll();
  const { stale, orphans } = await diffGenerated(outDir, outputs);
  if (check) {
    if (stale.length || orphans.length) {
      console.error('model/generated is stale; run `npm run codegen` and commit the result.');
      for (const f of stale) console.error(`  out of date: model/generated/${f}`);
      for (const f of orphans) console.error(`  no schema:   model/generated/${f}`);
      process.exit(1);
    }
    console.log(`codegen: ${outputs.length} generated files are up to date`);
    return;
  }
  await mkdir(outDir, { recursive: true });
  for (const f of stale) {
    await writeFile(path.join(outDir, f), outputs.find((o) => o.file === f)!.content);
  }
  for (const f of orphans) await unlink(path.join(outDir, f));
  console.log(`codegen: ${stale.length} written, ${orphans.length} removed, ${outputs.length - stale.length} unchanged`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    // A broken model is the author's mistake, said in their terms; anything else keeps its stack.
    console.error(err instanceof ModelError ? `codegen: the model does not check:\n${err.message}` : err);
    process.exit(1);
  });
}
