// @vitest-environment node
/**
 * codegen turns schemas/*.schema.json into model/generated/*.ts. What a developer relies on:
 * the output is stable, marked as generated, committed up to date, and `--check` catches
 * drift; a new schema becomes a new interface importing the types it refers to.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { diffGenerated, generateAll, type GeneratedFile } from '../../codegen/generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schemasDir = path.join(root, 'schemas');
const generatedDir = path.join(root, 'model', 'generated');
const BANNER_START = '/* eslint-disable */\n/**\n * GENERATED FILE: do not edit.';

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fieldbase-codegen-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

// Rendering runs prettier on every schema (a second or two); generate once and share it.
let committed: GeneratedFile[];
beforeAll(async () => {
  committed = await generateAll();
}, 60_000);

describe('codegen', { timeout: 30_000 }, () => {
  it('is stable: generating twice gives byte-identical files', async () => {
    const first = committed;
    const second = await generateAll();
    expect(second.map((f) => f.file)).toEqual(first.map((f) => f.file));
    for (const [i, f] of first.entries()) expect(second[i].content, f.file).toBe(f.content);
  });

  it('writes one module per schema, the resource names, the list of all schemas, and an index that re-exports the types', async () => {
    const schemas = (await readdir(schemasDir)).filter((n) => n.endsWith('.schema.json')).sort();
    const outputs = committed;
    expect(outputs.map((o) => o.file)).toEqual([
      ...schemas.map((n) => n.replace(/\.schema\.json$/, '.ts')),
      'resource-names.ts',
      'catalogue.ts',
      'schema-list.ts',
      'index.ts',
    ]);

    // The servers and the console load every schema through schema-list.ts: no hand-kept import list.
    const list = outputs.find((o) => o.file === 'schema-list.ts')!.content;
    for (const n of schemas) expect(list).toContain(`from '../../schemas/${n}';`);

    const index = outputs.find((o) => o.file === 'index.ts')!.content;
    for (const n of schemas) expect(index).toContain(`export type * from './${n.replace(/\.schema\.json$/, '')}';`);
  });

  it("starts every file with the 'GENERATED FILE: do not edit' banner naming its source", async () => {
    for (const { file, content } of committed) {
      expect(content.startsWith(BANNER_START), file).toBe(true);
      const source =
        file === 'index.ts' || file === 'schema-list.ts'
          ? '*.schema.json'
          : file === 'resource-names.ts'
            ? 'resources.json'
            : file === 'catalogue.ts'
              ? '*.schema.json and resources.json'
              : file.replace(/\.ts$/, '.schema.json');
      expect(content, file).toContain(`GENERATED FILE: do not edit. Source: schemas/${source}`);
    }
  });

  it('the committed model/generated is up to date', async () => {
    expect(await diffGenerated(generatedDir, committed)).toEqual({ stale: [], orphans: [] });
  });

  it('the check names an altered file as stale and a file without a schema as an orphan', async () => {
    const dir = await tempDir();
    await cp(generatedDir, dir, { recursive: true });
    const outputs = committed;
    expect(await diffGenerated(dir, outputs)).toEqual({ stale: [], orphans: [] });

    const role = path.join(dir, 'role.ts');
    await writeFile(role, (await readFile(role, 'utf8')).replace('role: string;', 'role: string | null;'));
    await writeFile(path.join(dir, 'gadget.ts'), 'export interface Gadget {}\n');

    expect(await diffGenerated(dir, outputs)).toEqual({ stale: ['role.ts'], orphans: ['gadget.ts'] });
  });

  it('the check names a missing file as stale, and everything when the folder does not exist', async () => {
    const dir = await tempDir();
    await cp(generatedDir, dir, { recursive: true });
    await unlink(path.join(dir, 'designation.ts'));
    const outputs = committed;

    expect(await diffGenerated(dir, outputs)).toEqual({ stale: ['designation.ts'], orphans: [] });
    expect(await diffGenerated(path.join(dir, 'nowhere'), outputs)).toEqual({ stale: outputs.map((o) => o.file), orphans: [] });
  });

  it('a new schema referring to another by $id becomes an interface importing that type', async () => {
    const dir = await tempDir();
    await cp(path.join(schemasDir, 'permission.schema.json'), path.join(dir, 'permission.schema.json'));
    await writeFile(
      path.join(dir, 'widget.schema.json'),
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'widget',
        title: 'Widget',
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          _id: { type: 'string', readOnly: true },
          name: { type: 'string', title: 'Name' },
          title: { type: 'string', title: 'Heading' },
          permission: { $ref: 'permission' },
        },
      }),
    );

    const outputs = await generateAll(dir);

    expect(outputs.map((o) => o.file)).toEqual(['permission.ts', 'widget.ts', 'schema-list.ts', 'index.ts']);
    const widget = outputs.find((o) => o.file === 'widget.ts')!.content;
    expect(widget).toContain('GENERATED FILE: do not edit. Source: schemas/widget.schema.json');
    expect(widget).toContain("import type { Permission } from './permission';");
    expect(widget).toMatch(/export interface Widget \{/);
    expect(widget).toMatch(/\bname: string;/);
    // A property called "title" is a property, not a label to drop.
    expect(widget).toMatch(/\btitle\?: string;/);
    expect(widget).toMatch(/\bpermission\?: Permission;/);
    // The referenced type is imported, not inlined or redeclared.
    expect(widget).not.toMatch(/interface Permission\b/);
    expect(widget).not.toContain('can_access_app');
    // Nested UI titles do not turn into type aliases.
    expect(widget).not.toMatch(/type Name\b/);
    expect(outputs.find((o) => o.file === 'index.ts')!.content).toContain("export type * from './widget';");
  });

  it('imports a root type by its title and a definition by its name, whatever the module is called', async () => {
    const dir = await tempDir();
    for (const name of ['permission', 'resources', 'auth', 'user', 'designation', 'role']) {
      await cp(path.join(schemasDir, `${name}.schema.json`), path.join(dir, `${name}.schema.json`));
    }
    await writeFile(
      path.join(dir, 'gizmo.schema.json'),
      JSON.stringify({
        $id: 'gizmo',
        title: 'Gizmo',
        type: 'object',
        properties: { map: { $ref: 'resources' }, answer: { $ref: 'auth#/definitions/MessageAnswer' } },
      }),
    );
    const gizmo = (await generateAll(dir)).find((o) => o.file === 'gizmo.ts')!.content;
    expect(gizmo).toContain("import type { MessageAnswer } from './auth';");
    expect(gizmo).toContain("import type { ResourceMap } from './resources';");
    expect(gizmo).toMatch(/map\?: ResourceMap;/);
    expect(gizmo).toMatch(/answer\?: MessageAnswer;/);
  });

  it('refuses a $ref to a schema that does not exist, naming it', async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, 'gizmo.schema.json'),
      JSON.stringify({ $id: 'gizmo', type: 'object', properties: { x: { $ref: 'nowhere' } } }),
    );
    await expect(generateAll(dir)).rejects.toThrow('"$ref": "nowhere" names no schema in schemas/');
  });

  it('`codegen --check` exits 0 on the committed files', async () => {
    const run = promisify(execFile);
    // execFile rejects on any exit code but 0 (the check exits 1 when stale).
    const { stdout } = await run('npx', ['tsx', 'codegen/generate.ts', '--check'], { cwd: root, timeout: 60_000 });
    expect(stdout).toMatch(/generated files are up to date/);
  }, 90_000);
});
