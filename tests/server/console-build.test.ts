/**
 * `npm start` rebuilds the console when a source is newer than the build. The console is made
 * of src/, the shared model it imports and the schemas and resource map the model reads (a new
 * entity is only a schema and a map entry), so a change in any must count: otherwise the recipe's
 * new entity would not reach the menu.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SOURCES } from '../../server/cli/console-build.ts';
import { projectRoot } from '../../server/config.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('the console build watches what the console is built from', () => {
  it('watches every top-level folder the console imports from, directly or through the model', () => {
    const imported = new Set<string>(['src']);
    const folderOf = (file: string, spec: string) => {
      if (spec.startsWith('@model/')) return 'model';
      if (spec.startsWith('@schemas/')) return 'schemas';
      if (!spec.startsWith('.')) return undefined; // a package
      return path.relative(projectRoot, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
    };
    for (const folder of ['src', 'model']) {
      for (const file of sourceFiles(path.join(projectRoot, folder))) {
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
          const top = folderOf(file, spec!);
          if (top) imported.add(top);
        }
      }
    }
    expect([...imported]).toEqual(expect.arrayContaining(['model', 'schemas']));
    expect(CONSOLE_SOURCES).toEqual(expect.arrayContaining([...imported]));
  });
});
