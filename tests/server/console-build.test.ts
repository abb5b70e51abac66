/**
 * `npm start` rebuilds the console when a source is newer than the build. The console is made
 * of src/ and the shared model it imports (a new entity is only a schema and a map entry there),
 * so a change in either must count: otherwise the recipe's new entity would not reach the menu.
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
  it('watches every top-level folder the console imports from', () => {
    const imported = new Set<string>(['src']);
    for (const file of sourceFiles(path.join(projectRoot, 'src'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(@model)\//g)) if (spec) imported.add('model');
    }
    expect(imported.has('model')).toBe(true);
    expect(CONSOLE_SOURCES).toEqual(expect.arrayContaining([...imported]));
  });
});
