/** The TypeScript sources of server/ (or of folders below it), for tests that hold the code to a rule. */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../server/config.ts';

export interface SourceFile {
  /** Relative to the project root, as a reader would look for it: `server/http/errors.ts`. */
  file: string;
  text: string;
}

export async function serverSources(...folders: string[]): Promise<SourceFile[]> {
  const roots = folders.length ? folders.map((f) => path.join('server', f)) : ['server'];
  const found: SourceFile[] = [];
  for (const root of roots) {
    const names = await readdir(path.join(projectRoot, root), { recursive: true });
    for (const name of names.filter((n) => n.endsWith('.ts')).sort()) {
      const file = path.join(root, name);
      found.push({ file, text: await readFile(path.join(projectRoot, file), 'utf8') });
    }
  }
  return found;
}

/** The 1-based line of a character offset in a text. */
export const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
