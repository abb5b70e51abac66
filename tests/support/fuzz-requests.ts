/**
 * fast-check arbitraries for the fuzz test: a request for any route of a route table, built
 * from what the route declares (its body schema, its query schema, its path parameters, whether
 * it consumes multipart) plus garbage of every kind. Nothing here knows a route by name, so a
 * new route is fuzzed as soon as it exists.
 */
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { RouteRecord } from '../../server/http/permissions.ts';
import { allSchemas, schemaById, type PropertySchema } from '@model/schema-registry.ts';
import { PLACEHOLDER_ID } from './route-audit.ts';
import { multipart } from './multipart.ts';
import { tinyPng } from './images.ts';

/** A JSON schema as the generators read it: a body, a property, or anything nested in one. */
interface Schema extends PropertySchema {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was generated, for the failure report. */
  describe: string;
}

/** Ids of real records, by the resource name a route's first path segment carries (user, role...). */
export type IdPool = (segment: string) => string[];

/** Every byte outside the unreserved set as %XX (encodeURIComponent throws on lone surrogates). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

// ---------------------------------------------------------------------------------- strings

const HUGE = ['x'.repeat(70_000), '\u0000'.repeat(300), 'é'.repeat(5_000), '😀'.repeat(2_000)];

/** Text no form would send: NUL bytes, lone surrogates, control and format characters, huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    ' ',
    '   ',
    '\t\n\r',
    '\u00a0',
    '\u200b',
    '\u202e',
    '\ufeff',
    'Ａｄｍｉｎ',
    "'; drop table users; --",
    '%',
    '\\',
    '%00',
    '${jndi:x}',
    '<script>',
    '__proto__',
    'constructor',
    'a@b',
    'a@b.c\u0000',
    '0',
    '-1',
    'null',
    'true',
  ),
  fc.constantFrom(...HUGE),
);

/** Any JSON value, mixed with nasty strings and deep nesting. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 3 },
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, 1.5, [], {}, [[[[[]]]]], { a: { b: { c: { d: {} } } } }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 4 }),
);

// ---------------------------------------------------------------------------------- schemas

/** '$ref: "permission"' or '$ref: "auth#/definitions/LoginRequest"' → the schema it names. */
export function resolveSchema(schema: Schema): Schema {
  let s = schema;
  for (let hops = 0; s?.$ref && hops < 10; hops++) {
    const [id, pointer = ''] = String(s.$ref).split('#');
    let target: unknown = id ? schemaById(id) : allSchemas[0];
    for (const key of pointer.split('/').filter(Boolean)) target = (target as Record<string, unknown> | undefined)?.[key];
    const { $ref: _resolved, ...rest } = s;
    s = { ...(target as Schema | undefined), ...rest };
  }
  return s;
}

/** Values the schema accepts (mostly): what a careful client would send. */
export function validValue(schema: Schema, ids: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveSchema(schema);
  if (s['x-ref']) return fc.constantFrom(...ids(String(s['x-ref'])), PLACEHOLDER_ID);
  const branches = s.oneOf ?? s.anyOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, ids, depth + 1)));
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type : [s.type];
  return fc.oneof(...type.map((t: string | undefined) => validOfType(t, s, ids, depth)));
}

function validOfType(type: string | undefined, s: Schema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object': {
      if (depth > 3 || !s.properties) return fc.constant({});
      const shape = Object.fromEntries(
        Object.entries(s.properties as Record<string, Schema>).map(([k, p]) => [k, validValue(p, ids, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k: string) => k in shape) });
    }
    case 'string':
      if (s.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'array':
      return fc.array(s.items ? validValue(s.items, ids, depth + 1) : junk, { maxLength: 3 });
    default:
      return junk;
  }
}

/** A body from the route's schema, then maybe broken: a field replaced by junk, an unknown field, or junk throughout. */
export function bodyFor(schema: Schema | undefined, ids: IdPool): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), junk);
  const valid = validValue(schema, ids);
  const properties = Object.keys(resolveSchema(schema).properties ?? {});
  const broken = properties.length
    ? fc
        .tuple(valid, fc.constantFrom(...properties), fc.oneof(junk, nastyString))
        .map(([body, key, value]) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: value } : body))
    : junk;
  const everyStringNasty = valid.chain((body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? fc
          .tuple(...Object.keys(body).map(() => nastyString))
          .map((values) => Object.fromEntries(Object.entries(body).map(([k, v], i) => [k, typeof v === 'string' ? values[i] : v])))
      : fc.constant(body),
  );
  const extra = fc
    .tuple(valid, nastyString, junk)
    .map(([body, key, value]) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: value } : body));
  return fc.oneof(valid, broken, broken, everyStringNasty, extra, junk);
}

// ---------------------------------------------------------------------------------- list parameters

const FIELD_NAMES = [...new Set(allSchemas.flatMap((s) => Object.keys((s.properties ?? {}) as object)))];
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES, 'fullname', 'q', 'nope', '__proto__', 'id', ''), nastyString);

const sortValue = fc.oneof(
  fc.tuple(fieldName, fc.constantFrom('ASC', 'DESC', 'asc', '', 'sideways', '\u0000')).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '1',
    '"name"',
    'null',
    '{}',
    '[]',
    '[1,2]',
    '["name"]',
    '[["name"]]',
    '{"field":"name"}',
    'true',
    '[null,null]',
    '["name","ASC","extra"]',
  ),
  junk.map((v) => JSON.stringify(v) ?? ''),
  nastyString,
);
const rangeValue = fc.oneof(
  fc.tuple(fc.integer({ min: -5, max: 50 }), fc.integer({ min: -5, max: 2_000 })).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '[0,9]',
    '[9,0]',
    '[-1,5]',
    '[0,1e308]',
    '[0.5,2]',
    '["0","9"]',
    '[0]',
    '[]',
    '{}',
    '5',
    'null',
    '[1e400,1]',
    '[0,99999999999999999999]',
  ),
  junk.map((v) => JSON.stringify(v) ?? ''),
  nastyString,
);
const filterValue = fc.oneof(
  fc
    .dictionary(fieldName, fc.oneof(junk, nastyString, fc.constantFrom(PLACEHOLDER_ID, true, 1)), { maxKeys: 3 })
    .map((v) => JSON.stringify(v)),
  fc.record({ q: nastyString }).map((v) => JSON.stringify(v)),
  fc.constantFrom('1', '[]', 'null', '"q"', '{"q":1}', '{"q":null}', '{"q":["a"]}', '{"status":"yes"}', '{"fullname":"Ad"}'),
  junk.map((v) => JSON.stringify(v) ?? ''),
  nastyString,
);

/** ?sort=&range=&filter= of every shape, plus unknown and repeated keys and raw broken encoding. */
export const listQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(sortValue, { nil: undefined }),
    fc.option(rangeValue, { nil: undefined }),
    fc.option(filterValue, { nil: undefined }),
    fc.option(fc.constantFrom('foo=bar', 'sort=a&sort=b', 'sort', 'filter[]=x', '%zz=1', 'range=%E0%A4%A', 'filter=%00', '=', '&&&'), {
      nil: undefined,
    }),
  )
  .map(([sort, range, filter, raw]) =>
    [
      sort !== undefined ? `sort=${percentEncode(sort)}` : '',
      range !== undefined ? `range=${percentEncode(range)}` : '',
      filter !== undefined ? `filter=${percentEncode(filter)}` : '',
      raw ?? '',
    ]
      .filter(Boolean)
      .join('&'),
  );

// ---------------------------------------------------------------------------------- paths

const BROKEN_SEGMENTS = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '..',
  '%2e%2e',
  '%2F',
  'x'.repeat(65),
  '.hidden',
  '%20',
  '~',
  '*',
];

function idArbitrary(segment: string, ids: IdPool): fc.Arbitrary<string> {
  const real = ids(segment);
  return fc.oneof(
    fc.constantFrom(...(real.length ? real : [PLACEHOLDER_ID]), PLACEHOLDER_ID),
    fc.constantFrom(...BROKEN_SEGMENTS),
    nastyString.map(percentEncode),
    fc.string({ maxLength: 20 }).map(percentEncode),
  );
}

const wildcardPath = fc.oneof(
  fc.constantFrom(
    'users/x.png',
    'users/',
    '',
    'index.html',
    'json',
    'yaml',
    'static/index.html',
    'static/swagger-ui.css',
    '../package.json',
    '..%2f..%2fpackage.json',
    '%00',
    'users/%00.png',
    '%E0%A4%A',
    'x'.repeat(300),
  ),
  fc
    .array(fc.oneof(fc.constantFrom(...BROKEN_SEGMENTS), nastyString.map(percentEncode)), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join('/')),
);

function urlFor(route: RouteRecord, ids: IdPool): fc.Arbitrary<string> {
  const segment = route.url.split('/')[1] ?? '';
  const params = route.url.match(/:[A-Za-z0-9_]+|\*/g) ?? [];
  return fc.tuple(...params.map((p) => (p === '*' ? wildcardPath : idArbitrary(segment, ids)))).map((values) => {
    let i = 0;
    return route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => values[i++]!);
  });
}

// ---------------------------------------------------------------------------------- bodies on the wire

const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=nothing-here',
  'a/b/c',
  ';;;',
  'application/octet-stream',
];

/** A JSON body: serialised as is, or malformed, or empty, or under a content type the route does not take. */
function jsonOnTheWire(body: fc.Arbitrary<unknown>): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; what: string }> {
  return fc.oneof(
    {
      arbitrary: body.map((b) => ({
        payload: b === undefined ? undefined : JSON.stringify(b),
        contentType: 'application/json',
        what: 'json',
      })),
      weight: 6,
    },
    fc
      .constantFrom(
        '',
        '{',
        '{"a":',
        'nul',
        '[1,]',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '\u0000',
        '"\\u0000"',
        'null',
        '1',
        '[]',
        '{"a":1,"a":2}',
      )
      .map((raw) => ({ payload: raw, contentType: 'application/json', what: 'raw json' })),
    fc
      .tuple(body, fc.constantFrom(...BAD_CONTENT_TYPES))
      .map(([b, contentType]) => ({ payload: JSON.stringify(b ?? {}), contentType, what: `as ${contentType}` })),
    fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/json', what: 'random bytes' })),
    body.map((b) => ({ payload: JSON.stringify(b ?? {}), contentType: undefined, what: 'no content type' })),
  );
}

/** Multipart bodies for a route that consumes them: a real photo now and then, mostly garbage. */
const multipartOnTheWire: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; what: string }> = fc.oneof(
  fc.constant(null).map(() => ({
    ...wire(multipart([{ name: 'photo', filename: 'p.png', contentType: 'image/png', content: tinyPng() }])),
    what: 'a real photo',
  })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
    ...wire(multipart([{ name: 'photo', filename: 'p.png', contentType: 'image/png', content: Buffer.from(bytes) }])),
    what: 'random photo bytes',
  })),
  fc.tuple(fc.nat({ max: 200 })).map(([cut]) => {
    const m = wire(multipart([{ name: 'photo', filename: 'p.png', contentType: 'image/png', content: tinyPng() }]));
    return { payload: (m.payload as Buffer).subarray(0, cut), contentType: m.contentType, what: `truncated at ${cut}` };
  }),
  fc.constant(null).map(() => {
    const m = wire(multipart([{ name: 'photo', filename: 'p.png', contentType: 'image/png', content: tinyPng() }]));
    return { payload: m.payload, contentType: 'multipart/form-data; boundary=not-the-one-used', what: 'boundary mismatch' };
  }),
  fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'multipart/form-data; boundary=xyz', what: 'random bytes as multipart' })),
  fc.constant(null).map(() => ({ payload: 'hello', contentType: 'multipart/form-data', what: 'multipart without boundary' })),
  fc.constant(null).map(() => ({
    payload: '--xyz\r\nContent-Disposition: garbage\r\n\r\nabc\r\n--xyz--\r\n',
    contentType: 'multipart/form-data; boundary=xyz',
    what: 'part without a name',
  })),
  fc.constant(null).map(() => ({
    payload: `--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a\u0000.png"\r\n\r\n${'\u0000'.repeat(10)}\r\n--xyz--\r\n`,
    contentType: 'multipart/form-data; boundary=xyz',
    what: 'NUL in file name',
  })),
  fc.nat({ max: 20 }).map((n) => ({
    ...wire(
      multipart(
        Array.from({ length: n + 1 }, (_, i) =>
          i % 2
            ? { name: `f${i}`, value: 'v'.repeat(2000) }
            : { name: 'photo', filename: `${i}.png`, contentType: 'image/png', content: tinyPng() },
        ),
      ),
    ),
    what: `${n + 1} parts`,
  })),
  fc.constant(null).map(() => ({ ...wire(multipart([{ name: 'photo', value: 'not a file' }])), what: 'photo as a text field' })),
  fc.constant(null).map(() => ({
    ...wire(
      multipart([
        {
          name: 'photo',
          filename: 'big.png',
          contentType: 'image/png',
          content: Buffer.concat([tinyPng(), randomBytes(2 * 1024 * 1024)]),
        },
      ]),
    ),
    what: 'over 2 MB',
  })),
  fc
    .constantFrom(...BAD_CONTENT_TYPES, 'application/json')
    .map((contentType) => ({ payload: '{"photo":"x"}', contentType, what: `as ${contentType}` })),
);

function wire(m: { payload: Buffer; headers: { 'content-type': string } }) {
  return { payload: m.payload, contentType: m.headers['content-type'] };
}

// ---------------------------------------------------------------------------------- requests

const consumesMultipart = (route: RouteRecord) =>
  ((route.options.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');
const takesBody = (method: string) => method === 'POST' || method === 'PATCH' || method === 'PUT' || method === 'DELETE';

/** One request for `route`: odd ids in its path, list parameters when it takes a query, a body when its method has one. */
export function requestFor(route: RouteRecord, ids: IdPool): fc.Arbitrary<FuzzRequest> {
  const schema = route.options.schema as { body?: Schema; querystring?: Schema } | undefined;
  const query = schema?.querystring
    ? fc.oneof({ arbitrary: listQuery, weight: 4 }, { arbitrary: fc.constant(''), weight: 1 })
    : fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: listQuery, weight: 1 });
  const body = consumesMultipart(route)
    ? multipartOnTheWire
    : takesBody(route.method)
      ? jsonOnTheWire(bodyFor(schema?.body, ids))
      : fc.oneof(
          { arbitrary: fc.constant({ payload: undefined, contentType: undefined, what: 'no body' }), weight: 5 },
          jsonOnTheWire(junk),
        );
  return fc.tuple(urlFor(route, ids), query, body).map(([path, q, b]) => {
    const headers: Record<string, string> = {};
    if (b.contentType !== undefined) headers['content-type'] = b.contentType;
    if (route.method === 'OPTIONS') {
      headers.origin = 'http://localhost:8080';
      headers['access-control-request-method'] = 'PATCH';
    }
    const url = q ? `${path}?${q}` : path;
    const shown = typeof b.payload === 'string' ? b.payload.slice(0, 200) : b.payload ? `<${b.payload.length} bytes>` : '';
    return {
      method: route.method,
      url,
      headers,
      payload: b.payload,
      describe: `${route.method} ${url.slice(0, 300)} [${b.what}${b.contentType ? `, ${b.contentType}` : ''}] ${shown}`,
    };
  });
}
