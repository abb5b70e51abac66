/**
 * JSON nested thousands deep is refused with 400 TOO_DEEP before anything walks it (a recursive
 * walk overflows the stack at about 5,000 levels and answered 500): on every route of both
 * servers that reads a JSON body, as the admin (so the body is read, not stopped at the guard)
 * and anonymously on the public ones (sign-in first), and in a list's `filter`. A legitimately
 * nested body — a form with a field group whose sub-fields carry conditions — still saves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { isInfrastructure, permissionOf, routeName, sampleUrl } from '../support/route-audit.ts';
import { MAX_JSON_DEPTH } from '../../server/http/json-depth.ts';
import { nulPath } from '../../server/http/input-guard.ts';
import type { RouteRecord } from '../../server/http/permissions.ts';
import { isListQuery } from '../../server/http/openapi-errors.ts';

let t: TestServer;
let admin: Session;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** Objects and arrays taking turns, with strings holding brackets that must not count. */
const nestedMixed = (depth: number) => '{"s":"]]}}[[{{","a":['.repeat(depth / 2) + '"x"' + ']}'.repeat(depth / 2);

const DEEP_BODIES: Array<[string, string]> = [
  ['arrays 5,000 deep', nestedArray(5_000)],
  ['objects 5,000 deep', nestedObject(5_000)],
  ['arrays 100,000 deep', nestedArray(100_000)],
  ['objects 100,000 deep', nestedObject(100_000)],
  ['objects and arrays 20,000 deep, brackets in strings', nestedMixed(20_000)],
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route that reads a body: its method may carry one, and it is no plugin's infrastructure. */
function bodyRoutes(table: RouteRecord[]): RouteRecord[] {
  return table.filter((route) => BODY_METHODS.has(route.method) && !isInfrastructure(route));
}

const querystringOf = (route: RouteRecord) => (route.options.schema as { querystring?: unknown } | undefined)?.querystring;

async function sendDeep(app: FastifyInstance, route: RouteRecord, body: string, token?: string) {
  return app.inject({
    method: route.method as never,
    url: sampleUrl(route.url),
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(token ? bearer(token) : {}),
    },
  });
}

describe('deep JSON bodies', () => {
  it('are refused with 400 TOO_DEEP on every route of both servers that reads a body', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const [serverName, { app, routeTable }] of [
      ['auth', t.auth],
      ['api', t.api],
    ] as const) {
      const routes = bodyRoutes(routeTable);
      expect(routes.length, serverName).toBeGreaterThan(5);
      for (const route of routes) {
        for (const [what, body] of DEEP_BODIES) {
          const res = await sendDeep(app, route, body, admin.token);
          sent++;
          if (res.statusCode !== 400 || res.json().code !== 'TOO_DEEP')
            wrong.push(`${serverName} ${routeName(route)}, ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 300_000);

  it('are refused anonymously on the public routes, sign-in first', async () => {
    const login = await t.auth.app.inject({
      method: 'POST',
      url: '/login',
      payload: nestedArray(5_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      code: 'TOO_DEEP',
      message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of lists and objects`,
    });

    const wrong: string[] = [];
    for (const [serverName, { app, routeTable }] of [
      ['auth', t.auth],
      ['api', t.api],
    ] as const) {
      for (const route of bodyRoutes(routeTable).filter((r) => 'public' in (permissionOf(r) ?? {}))) {
        const res = await sendDeep(app, route, nestedObject(100_000));
        if (res.statusCode !== 400 || res.json().code !== 'TOO_DEEP') wrong.push(`${serverName} ${routeName(route)}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('are refused at one level past the limit, and taken at the limit', async () => {
    const designation = (depth: number) =>
      t.auth.app.inject({
        method: 'POST',
        url: '/designation',
        // The name holds the nesting: depth counts the body's own object too.
        payload: `{"name":${nestedArray(depth - 1)}}`,
        headers: { 'content-type': 'application/json', ...bearer(admin.token) },
      });
    const over = await designation(MAX_JSON_DEPTH + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('TOO_DEEP');
    // At the limit the body is read and judged by the schema (a list is no name).
    const at = await designation(MAX_JSON_DEPTH);
    expect(at.statusCode).toBe(400);
    expect(at.json().code).toBe('VALIDATION_FAILED');
  });

  it('still refuse __proto__ and constructor.prototype (Fastify’s own protection is kept)', async () => {
    for (const body of ['{"name":"X","__proto__":{"admin":true}}', '{"name":"X","constructor":{"prototype":{"admin":true}}}']) {
      const res = await t.auth.app.inject({
        method: 'POST',
        url: '/designation',
        payload: body,
        headers: { 'content-type': 'application/json', ...bearer(admin.token) },
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().code, body).toBe('INVALID_JSON');
    }
  });
});

describe('a deep list filter', () => {
  it('is refused with 400 TOO_DEEP naming filter on every list route of both servers', async () => {
    const wrong: string[] = [];
    let lists = 0;
    for (const [serverName, { app, routeTable }] of [
      ['auth', t.auth],
      ['api', t.api],
    ] as const) {
      for (const route of routeTable.filter((r) => r.method === 'GET' && isListQuery(querystringOf(r)))) {
        lists++;
        const maxLength = (
          querystringOf(route) as {
            properties: { filter: { maxLength: number } };
          }
        ).properties.filter.maxLength;
        // As deep as the route's filter length allows (thousands of levels on most lists), and one level past the limit.
        const longest = `{"status":${nestedArray(Math.floor((maxLength - 11) / 2))}}`;
        for (const filter of [longest, nestedObject(MAX_JSON_DEPTH + 1)]) {
          const res = await app.inject({
            method: 'GET',
            url: sampleUrl(route.url),
            query: { filter },
            headers: bearer(admin.token),
          });
          const body = res.json();
          if (res.statusCode !== 400 || body.code !== 'TOO_DEEP' || !body.fields?.filter)
            wrong.push(`${serverName} ${routeName(route)} (${filter.length} chars): ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(lists).toBeGreaterThan(10);
  });
});

describe('legitimately nested bodies', () => {
  it('a form with a field group whose sub-fields carry conditions saves', async () => {
    const rule = (field: string, value: unknown) => ({
      field_name: field,
      show: 'is-equal-to',
      value,
      cond: 'and',
    });
    const structures = [
      {
        field_label: 'Has children',
        field_name: 'has_children',
        field_type: 'boolean',
        validation: { required: true },
      },
      {
        field_label: 'Children',
        field_name: 'children',
        field_type: 'field-group',
        validation: {
          is_repeater: true,
          min_repeater: 0,
          max_repeater: 10,
          condition_chack: true,
          cond_logic: [rule('has_children', 'true')],
        },
        extra_details: {
          fields: [
            {
              field_label: 'Name',
              field_name: 'name',
              field_type: 'text',
              validation: { required: true, min: 1, max: 80 },
            },
            {
              field_label: 'In school',
              field_name: 'in_school',
              field_type: 'dropdown',
              extra_details: { option_choice: 'yes: Yes\nno: No' },
            },
            {
              field_label: 'School name',
              field_name: 'school_name',
              field_type: 'text',
              validation: {
                required: true,
                condition_chack: true,
                cond_logic: [rule('in_school', 'yes')],
              },
            },
          ],
        },
      },
    ];
    const res = await t.api.app.inject({
      method: 'POST',
      url: '/form',
      payload: { name: 'Household visit', structures },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().structures[1].extra_details.fields[2].validation.cond_logic).toEqual([rule('in_school', 'yes')]);
  });
});

describe('the NUL guard', () => {
  it('walks a value 100,000 deep without overflowing, and names where the NUL sits', () => {
    let value: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level++) value = level % 2 ? [value] : { a: value };
    const at = nulPath(value);
    expect(at?.startsWith('[0].a[0].a')).toBe(true);
    expect(at?.endsWith('[0].a')).toBe(true);
    expect(
      nulPath({
        first: 'fine',
        second: [{ k: 'x\u0000' }],
        'third\u0000': 'y',
      }),
    ).toBe('second[0].k');
    expect(nulPath({ first: 'fine', 'second\u0000': 'y', third: 'x\u0000' })).toBe('second\\u0000');
  });
});
