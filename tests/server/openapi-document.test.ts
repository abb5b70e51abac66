/**
 * What a client or an OpenAPI fuzzer reads at /docs/json, on both servers: every operation
 * documents its error statuses with the one error schema, public operations need no token and
 * the rest the bearer token, lists say that sort, range and filter are JSON (and of what shape),
 * the photo upload documents its multipart body, and every $ref points at something. The route
 * tables are the reference, so a new route is held to the same rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { isInfrastructure, permissionOf, routeName } from '../support/route-audit.ts';
import type { RouteRecord } from '../../server/http/permissions.ts';

/** The parts of an OpenAPI 3 document these tests read. */
interface Schema {
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  [keyword: string]: unknown;
}
type Content = Record<string, { schema?: Schema }>;
interface Answer {
  description: string;
  content?: Content;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, Answer>;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; schema?: Schema; content?: Content }>;
  requestBody?: { content: Content };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestServer;
let docs: Record<'auth' | 'api', OpenApiDocument>;
beforeAll(async () => {
  t = await startTestServer();
  const read = async (server: 'auth' | 'api') => {
    const res = await t[server].app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    return res.json<OpenApiDocument>();
  };
  docs = { auth: await read('auth'), api: await read('api') };
});
afterAll(() => t?.close());

const ERROR_REF = '#/components/schemas/error';

/** The documented routes of a server: its route table without the plugins' own and without HEAD twins. */
function documentedRoutes(server: 'auth' | 'api'): RouteRecord[] {
  return t[server].routeTable.filter((r) => !isInfrastructure(r) && r.method !== 'HEAD');
}

/** "/user/:id" → "/user/{id}", as OpenAPI writes a path. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operationOf(server: 'auth' | 'api', route: RouteRecord): Operation {
  const operation = docs[server].paths?.[openapiPath(route.url)]?.[route.method.toLowerCase()];
  expect(operation, `${server}: ${routeName(route)} is not in /docs/json`).toBeDefined();
  return operation;
}

/** Whether a schema is the error schema, or offers it as one alternative. */
const namesErrorSchema = (schema: Schema | undefined): boolean =>
  schema?.$ref === ERROR_REF || (schema?.anyOf ?? schema?.oneOf ?? []).some((s) => s.$ref === ERROR_REF);

describe.each(['auth', 'api'] as const)('the %s server’s /docs/json', (server) => {
  it('documents every route of the route table', () => {
    expect(documentedRoutes(server).length).toBeGreaterThan(0);
    for (const route of documentedRoutes(server)) operationOf(server, route);
  });

  it('documents every error status of every operation with the error schema and its codes', () => {
    for (const route of documentedRoutes(server)) {
      const { responses } = operationOf(server, route);
      const errors = Object.entries(responses).filter(([status]) => Number(status) >= 400);
      const name = `${server}: ${routeName(route)}`;
      expect(
        errors.map(([status]) => status),
        name,
      ).toEqual(expect.arrayContaining(['400', '500']));
      for (const [status, response] of errors) {
        expect(namesErrorSchema(response.content?.['application/json']?.schema), `${name} ${status}`).toBe(true);
        expect(response.description, `${name} ${status}`).toMatch(/Codes: [A-Z_]+/);
      }
      const permission = permissionOf(route)!;
      const statuses = errors.map(([status]) => status);
      if (!('public' in permission)) expect(statuses, name).toEqual(expect.arrayContaining(['401', '403']));
      if (route.url.includes('/:')) expect(statuses, name).toContain('404');
    }
  });

  it('documents public operations as needing no token, and the others the bearer token', () => {
    expect(docs[server].components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const route of documentedRoutes(server)) {
      const { security } = operationOf(server, route);
      expect(security, `${server}: ${routeName(route)}`).toEqual('public' in permissionOf(route)! ? [] : [{ bearer: [] }]);
    }
  });

  it('resolves every $ref it holds', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref') refs.push(String(value));
          else walk(value);
        }
      }
    };
    walk(docs[server]);
    expect(refs).toContain(ERROR_REF);
    for (const ref of new Set(refs)) {
      expect(ref, 'only local references').toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
          docs[server],
        );
      expect(target, `${server}: ${ref}`).toBeDefined();
    }
  });
});

describe('lists', () => {
  const lists = () =>
    (['auth', 'api'] as const).flatMap((server) =>
      documentedRoutes(server)
        .filter(
          (r) =>
            r.method === 'GET' &&
            (r.options.schema as { querystring?: { properties?: Record<string, unknown> } })?.querystring?.properties?.range,
        )
        .map((route) => ({ server, route, operation: operationOf(server, route) })),
    );

  it('document sort, range and filter as JSON-encoded parameters of their shapes', () => {
    expect(lists().map(({ route }) => route.url)).toEqual(expect.arrayContaining(['/user', '/role', '/designation']));
    for (const { server, route, operation } of lists()) {
      const name = `${server}: ${routeName(route)}`;
      const param = (n: string) => {
        const found = (operation.parameters ?? []).find((p) => p.in === 'query' && p.name === n);
        expect(found?.content?.['application/json']?.schema, `${name} ${n}`).toBeDefined();
        expect(found!.schema, `${name} ${n}: content, not a plain string`).toBeUndefined();
        return found!.content!['application/json'].schema;
      };
      expect(param('sort')).toMatchObject({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 });
      expect(param('range')).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 });
      expect(param('filter')).toMatchObject({
        type: 'object',
        properties: { q: { type: 'string', nullable: true }, id: { type: 'array', items: { type: 'string' } } },
      });
      expect(operation.responses['200'].headers?.['Content-Range'], name).toBeDefined();
    }
  });
});

describe('the auth server’s particular answers', () => {
  const auth = () => docs.auth.paths;

  it('documents /user/verify’s 401 as a fresh session or an error, as it answers', () => {
    const answer = auth()['/user/verify'].post.responses['401'];
    expect(answer.content?.['application/json']?.schema?.anyOf).toEqual([
      { $ref: '#/components/schemas/auth-SessionAnswer' },
      { $ref: ERROR_REF },
    ]);
    expect(answer.description).toMatch(/refresh window/);
  });

  it('documents the sign-in lockout (423) and the rate limit (429) on /login', () => {
    const { responses } = auth()['/login'].post;
    expect(responses['423'].description).toMatch(/ACCOUNT_LOCKED/);
    expect(responses['429'].description).toMatch(/RATE_LIMITED/);
    expect(responses['401'].description).toMatch(/BAD_CREDENTIALS/);
  });

  it('documents the photo upload as a multipart body with the photo file', () => {
    const { requestBody, responses } = auth()['/user/upload/{id}'].patch;
    expect(requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      required: ['photo'],
      properties: { photo: { type: 'string', format: 'binary' } },
    });
    expect(responses['415'].description).toMatch(/UNSUPPORTED_PHOTO/);
    expect(responses['413'].description).toMatch(/PHOTO_TOO_LARGE/);
  });

  it('documents the CSV export as text/csv, and that it may be busy', () => {
    const { responses } = auth()['/user/export.csv'].get;
    expect(Object.keys(responses['200'].content ?? {})).toEqual(['text/csv']);
    expect(responses['429'].description).toMatch(/EXPORTS_BUSY/);
  });

  it('documents the role writes that would leave nobody able to edit roles', () => {
    for (const [p, method] of [
      ['/permission/{id}', 'patch'],
      ['/role/{id}', 'patch'],
      ['/user/{id}', 'patch'],
      ['/user/{id}', 'delete'],
    ] as const) {
      expect(auth()[p][method].responses['409'].description, `${method} ${p}`).toMatch(/LAST_ROLE_EDITOR/);
    }
  });
});
