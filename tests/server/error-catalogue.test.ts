/**
 * One error catalogue: every error the servers answer is made by a named constructor of
 * `problems` in server/http/errors.ts, so its code, status and words are found (and changed) in
 * one place. A Problem built anywhere else fails here, naming the file and line.
 */
import { describe, expect, it } from 'vitest';
import { lineAt, serverSources } from '../support/server-sources.ts';

const CATALOGUE = 'server/http/errors.ts';

describe('the error catalogue', () => {
  it('is the only place in server/ that builds a Problem', async () => {
    const sources = await serverSources();
    expect(sources.map((s) => s.file)).toContain(CATALOGUE);
    const elsewhere = sources
      .filter(({ file }) => file !== CATALOGUE)
      .flatMap(({ file, text }) => [...text.matchAll(/new\s+Problem\s*\(/g)].map((m) => `${file}:${lineAt(text, m.index)}`));
    expect(elsewhere, 'use (or add) a constructor of `problems` in server/http/errors.ts').toEqual([]);
  });
});
