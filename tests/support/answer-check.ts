/**
 * Keeps the OpenAPI document true: every answer a server test receives, from every Fastify app
 * built in the test process, is checked against what the route documents for that status
 * (its `schema.response`, the very source of /docs/json, compiled with the app's registered
 * schemas). An undocumented status, a JSON body that does not match, an error code the status
 * does not list, or a content type the status does not offer fails the test that received it,
 * naming the route, the status and what is wrong. Answers no route documents (unknown paths,
 * 405s, the plugins' own routes) must still be errors of the error schema.
 *
 * Fastify announces every new instance on the `fastify.initialization` diagnostics channel, so
 * the check reaches apps that tests build themselves as well, with no option in the servers.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANNOTATION_KEYWORDS } from '@model/schema-registry.ts';
import { ERROR_SCHEMA_ID } from '../../server/http/error-schema.ts';

type Schema = Record<string, unknown>;

interface Documented {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
  'x-codes'?: string[];
  [keyword: string]: unknown;
}

/** One object, so ajv compiles it once per app. */
const ERROR_REF = { $ref: ERROR_SCHEMA_ID };

const mismatches: string[] = [];
const checked = { answers: 0 };

/** One ajv per app, holding the app's registered schemas, so `$ref: "user"` resolves as in /docs. */
const validators = new WeakMap<FastifyInstance, { ajv: Ajv; compiled: WeakMap<object, ValidateFunction> }>();

function validatorFor(app: FastifyInstance, schema: object): ValidateFunction {
  let entry = validators.get(app);
  if (!entry) {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    for (const keyword of ANNOTATION_KEYWORDS) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
    for (const registered of Object.values(app.getSchemas())) ajv.addSchema(registered as Schema);
    entry = { ajv, compiled: new WeakMap() };
    validators.set(app, entry);
  }
  let validate = entry.compiled.get(schema);
  if (!validate) {
    validate = entry.ajv.compile(schema);
    entry.compiled.set(schema, validate);
  }
  return validate;
}

const essence = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJson = (contentType: string) => /^application\/(.+\+)?json$/.test(essence(contentType));

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: a file or an export, checked by status and content type only
}

function ajvErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('; ');
}

/** Fastify's own lookup order for a status: the code itself, then "4xx", then "default". */
function documentedFor(responses: Record<string, Documented>, status: number): Documented | undefined {
  return responses[status] ?? responses[`${Math.floor(status / 100)}xx`] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function checkBody(app: FastifyInstance, where: string, schema: object, text: string, codes?: string[]): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: the body is not JSON: ${text.slice(0, 200)}`;
  }
  const validate = validatorFor(app, schema);
  if (!validate(body))
    return `${where}: the body does not match the documented schema: ${ajvErrors(validate)}. Body: ${text.slice(0, 300)}`;
  const code = (body as { code?: unknown } | null)?.code;
  if (codes && typeof code === 'string' && !codes.includes(code)) {
    return `${where}: code ${code} is not among the codes documented for this status (${codes.join(', ')})`;
  }
  return undefined;
}

function checkAnswer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  const status = reply.statusCode;
  const route = request.routeOptions;
  const schema = (route.url ? route.schema : undefined) as { hide?: boolean; response?: Record<string, Documented> } | undefined;
  const where = `${request.method} ${route.url ?? request.url.split('?')[0]} answered ${status}`;
  const contentType = String(reply.getHeader('content-type') ?? '');
  const bodiless = request.method === 'HEAD' || status === 204 || status === 304;
  const text = bodiless ? undefined : bodyText(payload);
  const streamed = !bodiless && payload != null && text === undefined;

  // No document describes this answer: an unknown path, a method the path lacks, a plugin's route.
  if (!schema || schema.hide) {
    if (status < 400) return undefined;
    if (status === 405 && !reply.getHeader('allow')) return `${where} without an Allow header`;
    if (text === undefined) return undefined;
    if (!isJson(contentType)) return `${where} with ${contentType || 'no content type'}: errors are JSON of the error schema`;
    return checkBody(app, where, ERROR_REF, text);
  }

  const responses = schema.response ?? {};
  const documented = documentedFor(responses, status);
  if (!documented) return `${where}, a status its documentation does not list (documented: ${Object.keys(responses).join(', ') || 'none'})`;
  if (bodiless) return undefined;

  let bodySchema: object | undefined = documented;
  if (documented.content) {
    const media = documented.content[essence(contentType)];
    if (!media) return `${where} with ${contentType || 'no content type'}, documented as ${Object.keys(documented.content).join(', ')}`;
    if (!isJson(contentType)) return undefined; // a file: its status and type are what can be checked
    bodySchema = media.schema;
  } else if (!isJson(contentType)) {
    return `${where} with ${contentType || 'no content type'}, documented as JSON`;
  }
  if (streamed) return `${where}: a JSON answer sent as a stream cannot be checked; send it as a value`;
  if (!bodySchema) return undefined;
  return checkBody(app, where, bodySchema, text ?? '', documented['x-codes']);
}

function install(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    checked.answers++;
    const mismatch = checkAnswer(app, request, reply, payload);
    if (mismatch) mismatches.push(mismatch);
    return payload;
  });
}

// One subscriber per test process: a worker runs many test files, each loading this module anew.
const SUBSCRIBER = Symbol.for('fieldbase.answer-check');
const holder = globalThis as unknown as Record<symbol, ((message: unknown) => void) | undefined>;
if (holder[SUBSCRIBER]) unsubscribe('fastify.initialization', holder[SUBSCRIBER]);
holder[SUBSCRIBER] = (message) => install((message as { fastify: FastifyInstance }).fastify);
subscribe('fastify.initialization', holder[SUBSCRIBER]);

function failOnMismatches(when: string) {
  if (!mismatches.length) return;
  const found = mismatches.splice(0);
  const shown = [...new Set(found)];
  throw new Error(
    `${found.length} answer(s) ${when} do not match the OpenAPI document (fix the route's schema or the code):\n` +
      shown
        .slice(0, 20)
        .map((m) => `  - ${m}`)
        .join('\n') +
      (shown.length > 20 ? `\n  ... and ${shown.length - 20} more` : ''),
  );
}

afterEach(() => failOnMismatches('in this test'));
afterAll(() => failOnMismatches('outside the tests (beforeAll/afterAll)'));

/** How many answers were checked so far in this file (for a test that proves the check runs). */
export const answersChecked = () => checked.answers;
/** Takes the mismatches recorded so far, so a test can assert on a mismatch it provoked on purpose. */
export const takeMismatches = (): string[] => mismatches.splice(0);
