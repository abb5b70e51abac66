/**
 * The lower layers stand on their own: `server/http/` (what both servers share: authentication,
 * the permission guard, the error catalogue, OpenAPI) and `server/crud/` (the generic routes)
 * import no feature folder. They may import the database layer, the configuration and context,
 * the model, and the write path's core in `server/changes/` (the change set, its context, the
 * changed-fields rule and the audit declaration); a feature plugs itself in from above instead
 * (its app registers it). An import that breaks this fails here, naming file, line and import.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineAt, serverSources } from '../support/server-sources.ts';

const LOWER = ['http', 'crud'];
/** What a lower layer may import, relative to server/ (a folder, or one file). */
const ALLOWED = [
  'http/',
  'crud/',
  'db/',
  'config.ts',
  'context.ts',
  'changes/change-log.ts',
  'changes/change-context.ts',
  'changes/changed-fields.ts',
  'changes/audit-declaration.ts',
];

describe('the lower layers', () => {
  it('http/ and crud/ import no feature folder', async () => {
    const sources = await serverSources(...LOWER);
    expect(sources.length).toBeGreaterThan(20);
    const broken = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
        .map((m) => ({
          spec: m[1]!,
          at: lineAt(text, m.index),
          target: path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!)),
        }))
        // Only what resolves inside server/ (the model is imported as @model or above server/).
        .filter(({ target }) => target.startsWith('server/'))
        .filter(({ target }) => !ALLOWED.some((allowed) => target.slice('server/'.length).startsWith(allowed)))
        .map(({ spec, at }) => `${file}:${at} imports ${spec}`),
    );
    expect(broken, 'a feature plugs itself in from its app; move what both need down into http/ or db/').toEqual([]);
  });
});
