/**
 * The authorization matrix's machinery: which callers each route gets (from its declaration),
 * what to send (a body made from the resource's schema where the route is one of a map entry's
 * CRUD routes), and how an answer is judged. The test file supplies the servers and the people.
 */
import type { FastifyInstance } from 'fastify';
import { resourceMap, resourceNamed, resourceSchema, type PropertySchema } from '@model/schema-registry.ts';
import type { RouteRecord } from '../../server/http/permissions.ts';
import { photoUpload } from './multipart.ts';
import { tinyPng } from './images.ts';
import { sampleBody } from './sample-record.ts';
import {
  crudRoutesOf,
  flagOf,
  matrixCallers,
  permissionOf,
  routeName,
  sampleUrl,
  type CallerKind,
  type Expectation,
} from './route-audit.ts';

export interface PlannedCall {
  server: string;
  route: RouteRecord;
  kind: CallerKind;
  expected: Expectation;
}

export interface Attempt {
  route: string;
  caller: CallerKind;
  expected: Expectation;
  status: number;
  code?: string;
  permission?: string;
}

/** Every route of every table, each with the callers its declaration calls for. */
export function planMatrix(tables: Array<[string, RouteRecord[]]>): PlannedCall[] {
  return tables.flatMap(([server, table]) =>
    table.flatMap((route) => {
      const permission = permissionOf(route);
      if (!permission) throw new Error(`${server} ${routeName(route)} declares no permission`);
      return matrixCallers(permission).map(({ kind, expected }) => ({ server, route, kind, expected }));
    }),
  );
}

/**
 * Refusals first, while every record the routes name is still there (a route that lost its
 * guard answers 2xx, not 404); then the calls that must get through, deletions last, so a
 * deleted record does not turn the other calls into 404s.
 */
export function inCallingOrder(plan: PlannedCall[]): PlannedCall[] {
  const rank = (c: PlannedCall) => (c.expected !== 'allowed' ? 0 : c.route.method !== 'DELETE' ? 1 : c.kind === 'holding the flag' ? 2 : 3);
  return [...plan].sort((a, b) => rank(a) - rank(b));
}

/** The map entry whose POST /{path} or PATCH|PUT /{path}/:id a route is. */
function writeOfEntry(route: RouteRecord): { resource: string; mode: 'create' | 'update' } | undefined {
  for (const [resource, entry] of Object.entries(resourceMap)) {
    const crud = crudRoutesOf(entry);
    if (route.method === 'POST' && route.url === crud.find((c) => c.action === 'create')!.url) return { resource, mode: 'create' };
    if ((route.method === 'PATCH' || route.method === 'PUT') && route.url === crud.find((c) => c.action === 'edit')!.url)
      return { resource, mode: 'update' };
  }
  return undefined;
}

let changeSerial = 0;

/** A change of one plain text field the resource's form edits (a rename: no password, no reference, no e-mail). */
function changeBody(resource: string): Record<string, unknown> {
  const schema = resourceSchema(resourceNamed(resource));
  const plain = (p: PropertySchema | undefined) =>
    !!p && p.type === 'string' && !p.readOnly && !p.writeOnly && !p['x-ref'] && !p.format && !p.pattern && !p.oneOf && !p.enum;
  const field = [...(resourceMap[resource]!.form?.fields ?? []), ...(schema.required ?? [])].find((f) => plain(schema.properties[f]));
  if (!field) return sampleBody(resource, () => undefined);
  return { [field]: `Changed ${++changeSerial}`.slice(0, schema.properties[field]!.maxLength ?? 60) };
}

/** A multipart body a route takes, made when the call is. */
export type UploadBody = () => { payload: Buffer; headers: Record<string, string> };

/**
 * What a caller allowed to use the route would send: its own upload (`upload`) or else a
 * multipart photo where the route takes multipart, a body made from the schema for a map
 * entry's create and change, `extraBodies` for the other routes that take one.
 */
export function plausibleRequest(
  route: RouteRecord,
  referenceOf: (resource: string) => string | undefined,
  extraBodies: Record<string, unknown>,
  upload?: UploadBody,
): { payload?: unknown; headers?: Record<string, string> } {
  const consumes = (route.options.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (consumes.includes('multipart/form-data')) return upload?.() ?? photoUpload(tinyPng());
  if (!['POST', 'PATCH', 'PUT'].includes(route.method)) return {};
  const write = writeOfEntry(route);
  if (write) return { payload: write.mode === 'create' ? sampleBody(write.resource, referenceOf) : changeBody(write.resource) };
  return { payload: extraBodies[routeName(route)] ?? {} };
}

export function judge(call: PlannedCall, status: number, body: { code?: string; permission?: string } | undefined): boolean {
  switch (call.expected) {
    case 'refused':
      return status === 401;
    case 'forbidden':
      // The guard's own refusal, naming the flag (HEAD answers carry no body).
      return status === 403 && (call.route.method === 'HEAD' || (body?.code === 'FORBIDDEN' && body.permission === flagOf(call.route)));
    case 'console only':
      return status === 403 && (call.route.method === 'HEAD' || body?.code === 'CONSOLE_ONLY');
    case 'allowed':
      return status !== 401 && status !== 403 && status < 500;
  }
}

export interface Caller {
  token?: string;
  /** The caller's own user id, for `self` routes. */
  userId?: string;
}

/** Runs the planned calls one after the other and reports each answer. */
export async function runMatrix(
  plan: PlannedCall[],
  opts: {
    appOf: (server: string) => FastifyInstance;
    callerFor: (call: PlannedCall) => Caller;
    /** A real record for the route's :id on that server (both servers have /permission/:id). */
    idFor: (pattern: string, server: string) => string | undefined;
    referenceOf?: (resource: string) => string | undefined;
    extraBodies?: Record<string, unknown>;
    /** Multipart bodies of routes that take their own upload, by "<server> <METHOD> <url>". */
    uploadBodies?: Record<string, UploadBody>;
  },
): Promise<{ attempts: Attempt[]; unauthorisedSuccesses: Attempt[]; wrongAnswers: Attempt[] }> {
  const attempts: Attempt[] = [];
  const wrongAnswers: Attempt[] = [];
  for (const call of inCallingOrder(plan)) {
    const who = opts.callerFor(call);
    const permission = permissionOf(call.route)!;
    const self =
      call.kind === 'lacking the flag, on themselves' && 'flag' in permission && permission.self ? { [permission.self]: who.userId! } : {};
    const { payload, headers } = plausibleRequest(
      call.route,
      opts.referenceOf ?? (() => undefined),
      opts.extraBodies ?? {},
      opts.uploadBodies?.[`${call.server} ${routeName(call.route)}`],
    );
    const res = await opts.appOf(call.server).inject({
      method: call.route.method as never,
      url: sampleUrl(call.route.url, (pattern) => opts.idFor(pattern, call.server), self),
      payload: payload as never,
      headers: { ...(who.token ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
    });
    let body: { code?: string; permission?: string } | undefined;
    try {
      body = res.body ? res.json() : undefined;
    } catch {
      body = undefined;
    }
    const attempt: Attempt = {
      route: `${call.server} ${routeName(call.route)}`,
      caller: call.kind,
      expected: call.expected,
      status: res.statusCode,
      code: body?.code,
      permission: body?.permission,
    };
    attempts.push(attempt);
    if (!judge(call, res.statusCode, body)) wrongAnswers.push(attempt);
  }
  return {
    attempts,
    // A caller the route should have turned away that got an answer other than an error.
    unauthorisedSuccesses: attempts.filter((a) => a.expected !== 'allowed' && a.status < 400),
    wrongAnswers,
  };
}
