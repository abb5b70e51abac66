/**
 * Every text a client can post has a maximum length: each string of the JSON body schema of
 * every route of both servers (read from their route tables, following `$ref`s to the shared
 * schemas), and of the form-field schema the forms routes check each field of a definition with,
 * carries `maxLength` or can only be one of a few fixed values. A text without one would be
 * stored as long as the 1 MB body allows. (A query or path is bounded by Node's 16 KB header
 * limit, a multipart text part by its route's `fieldSize`; a document's answers by the compiled
 * form, tests/unit/form-compiler-types.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type TestServer } from '../support/test-server.ts';
import { routeName } from '../support/route-audit.ts';
import { draftFieldSchema } from '../../server/forms/form-schemas.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type Schema = Record<string, unknown>;

const isString = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
/** Bounded without maxLength: fixed values, or a format whose shape bounds it (a date, a binary upload's part). */
const fixedValues = (s: Schema) =>
  Array.isArray(s.enum) ||
  s.const !== undefined ||
  (Array.isArray(s.oneOf) && (s.oneOf as Schema[]).every((o) => o.const !== undefined)) ||
  ['date', 'date-time', 'binary'].includes(s.format as string);

/** Where a string without a maximum sits in `schema`, as paths; `$ref`s followed once each. */
function unboundedStrings(app: FastifyInstance, schema: unknown, path: string, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const pending: Array<[unknown, string]> = [[schema, path]];
  while (pending.length) {
    const [node, at] = pending.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((item, i) => pending.push([item, `${at}[${i}]`]));
      continue;
    }
    const s = node as Schema;
    if (s.readOnly === true) continue;
    if (typeof s.$ref === 'string') {
      if (seen.has(s.$ref)) continue;
      seen.add(s.$ref);
      const [id, pointer = ''] = s.$ref.split('#');
      let target = (id ? app.getSchema(id) : undefined) as unknown;
      for (const key of pointer.split('/').filter(Boolean)) target = (target as Schema | undefined)?.[key];
      pending.push([target, `${at}→${s.$ref}`]);
    }
    if (isString(s) && s.maxLength === undefined && !fixedValues(s)) found.push(at);
    for (const key of ['properties', 'definitions', 'patternProperties'] as const)
      for (const [name, inner] of Object.entries((s[key] as Schema | undefined) ?? {})) pending.push([inner, `${at}.${name}`]);
    for (const key of ['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const)
      if (s[key] && typeof s[key] === 'object') pending.push([s[key], `${at}.${key}`]);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) pending.push([s[key], `${at}.${key}`]);
  }
  return found;
}

describe('text limits', () => {
  it('every string a route takes in its JSON body, and in a form field definition, has a maximum length', () => {
    const found: string[] = [];
    let bodies = 0;
    for (const [serverName, { app, routeTable }] of [
      ['auth', t.auth],
      ['api', t.api],
    ] as const) {
      for (const route of routeTable) {
        const body = (route.options.schema as Schema | undefined)?.body;
        if (!body) continue;
        bodies++;
        for (const at of unboundedStrings(app, body, 'body')) found.push(`${serverName} ${routeName(route)} ${at}`);
      }
    }
    for (const at of unboundedStrings(t.api.app, draftFieldSchema(), 'field')) found.push(`a form's field definition: ${at}`);
    expect(bodies).toBeGreaterThan(30);
    expect(found).toEqual([]);
  });

  it('a field label of 900,000 characters is refused, naming the field, and the form is not saved', async () => {
    const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const structures = [{ field_label: 'x'.repeat(900_000), field_name: 'notes', field_type: 'text' }];
    const res = await t.api.app.inject({
      method: 'POST',
      url: '/form',
      headers: bearer(admin.token),
      payload: { name: 'Long label', structures },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ notes: expect.stringMatching(/1000 characters/) });
    const listed = await t.api.app.inject({
      method: 'GET',
      url: '/form',
      headers: bearer(admin.token),
      query: { filter: '{"q":"Long label"}' },
    });
    expect(listed.json()).toEqual([]);
  });
});
