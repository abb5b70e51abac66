/**
 * The parts both servers share: strict validation against schemas/, the error catalogue,
 * CORS, security headers, the permission guard, 405 for a method a path lacks, and the OpenAPI
 * document at /docs with every answer a route can give.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import type { Ajv } from 'ajv';
import type { AppContext } from '../context.ts';
import { allSchemas, ANNOTATION_KEYWORDS } from '@model/schema-registry.ts';
import { installPermissionGuard, isPublic, type RouteRecord } from './permissions.ts';
import { createAuthenticator } from './authenticate.ts';
import { problems } from './errors.ts';
import { answerErrorsFromCatalogue, clientErrorAnswer, frameworkErrorAnswer } from './error-answers.ts';
import { refuseNulCharacters } from './input-guard.ts';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import { withNullableChoices } from './nullable-choices.ts';
import { DOCS_POLICY } from './content-security-policy.ts';
import { errorSchema } from './error-schema.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';
import { documentRoutes } from './openapi-routes.ts';
import { swaggerOptions } from './openapi-document.ts';
import { addSecurityHeaders } from './security-headers.ts';

export interface ServerApp {
  app: FastifyInstance;
  routeTable: RouteRecord[];
}

function registerAnnotations(ajv: Ajv) {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

export async function createBaseApp(ctx: AppContext, kind: 'auth' | 'api'): Promise<ServerApp> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors before routing (a broken %-encoding) and unparseable HTTP answer in the catalogue's shape too.
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
    ajv: {
      // Bodies are checked as sent: no silent type coercion or dropping of unknown fields.
      // An open tuple (`items` fixed first, `additionalItems` after: case statuses) is meant, not a slip.
      customOptions: {
        allErrors: true,
        verbose: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
        strictTuples: false,
      },
      plugins: [registerAnnotations as never],
    },
  });
  // Response schemas document the API; answers are plain JSON (no field is ever dropped silently).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // As validated and documented: an optional labelled choice accepts null (nullable-choices.ts).
  for (const schema of allSchemas) app.addSchema(withNullableChoices(schema) as never);
  app.addSchema(errorSchema);
  // JSON bodies: an empty one (a DELETE sent with a JSON content type) is no body, one nested
  // too deep is refused before anything parses or walks it (json-depth.ts), a malformed one gets
  // a clear 400; Fastify's own parser still refuses __proto__ and constructor.prototype.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (exceedsJsonDepth(body as string)) return done(problems.tooDeep(MAX_JSON_DEPTH) as never, undefined);
    parseJson(request, body as string, (err, value) => {
      if (!err) return done(null, value);
      const poisoned = /prototype/i.test(err.message);
      done(
        problems.invalidJson(poisoned ? 'The request body may not set __proto__ or constructor.prototype' : undefined) as never,
        undefined,
      );
    });
  });
  refuseNulCharacters(app);
  // Before any plugin adds a route: a route takes the error handler there is when it is added.
  answerErrorsFromCatalogue(app);
  // The CORS plugin adds its catch-all OPTIONS route before the permission guard exists (whose
  // hooks must run after the CORS and security headers are set); without this, an OPTIONS that
  // is no allowed preflight would reach the guard as a route that declares nothing.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, permission: isPublic('CORS preflight') };
  });

  const allowedOrigins = ctx.config.corsOrigins;
  await app.register(cors, {
    // Never `null`: sandboxed frames and file: pages send it, so anyone can make it come from them.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && origin !== 'null' && (allowedOrigins === true || allowedOrigins.includes(origin))),
    // @fastify/cors allows only GET, HEAD and POST unless told otherwise; the spec updates with
    // PATCH, and switches a program's module with PUT (PUT program/change/status/module/program/{id}).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['Content-Range'],
    maxAge: 600,
  });
  addSecurityHeaders(app, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL, a limit holds across every instance of the server (RATE_LIMIT_STORE).
    store: ctx.config.rateLimitStore === 'postgres' ? postgresRateLimitStore(ctx.db) : undefined,
    errorResponseBuilder: () => problems.tooManyRequests(),
  });

  const routeTable = installPermissionGuard(app, createAuthenticator(ctx));

  // Every answer and the token are documented from each route's declaration (openapi-routes.ts).
  documentRoutes(app);
  await app.register(swagger, swaggerOptions(kind));
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_POLICY });
  return { app, routeTable };
}
