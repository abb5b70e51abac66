/**
 * Every error a request can end in, as an answer of the catalogue: our own problems as they
 * are, validation as field messages, the framework's and its plugins' refusals (bad URL, media
 * type, size, parser) and database value errors as 4xx with our codes. Whatever
 * is left is a genuine fault: a 500 that carries the request id and nothing from the inside.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import pg from 'pg';
import { Problem, problems } from './errors.ts';
import { validationFields } from './validation.ts';
import { allowedMethods } from './method-not-allowed.ts';

/** Fastify's own codes that a client causes, each with the catalogue's answer. */
const FRAMEWORK: Record<string, () => Problem> = {
  FST_ERR_BAD_URL: problems.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: problems.uriTooLong,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: problems.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => problems.badRequest('The body does not match its Content-Length'),
  FST_ERR_CTP_BODY_TOO_LARGE: problems.tooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => problems.invalidJson('The request body is empty; send a JSON object'),
  FST_ERR_CTP_INVALID_JSON_BODY: problems.invalidJson,
  FST_ERR_CTP_EMPTY_TYPE: problems.unsupportedMediaType,
  FST_ERR_CTP_INVALID_TYPE: problems.unsupportedMediaType,
  FST_ERR_ASYNC_CONSTRAINT: problems.badUrl,
};

/** PostgreSQL errors a request's values can cause (SQLSTATE class 22 "data exception", 23 constraints). */
function databaseProblem(error: pg.DatabaseError): Problem | undefined {
  if (error.code?.startsWith('22')) return problems.invalidValue();
  if (error.code === '23505') return problems.alreadyTaken();
  if (error.code === '23503') return problems.referenceGone();
  // Two writes crossed (deadlock, serialization failure): nothing was saved, trying again works.
  if (error.code === '40P01' || error.code === '40001') return problems.tryAgain();
  return undefined;
}

/**
 * The catalogue's answer for an error, or undefined when it is a fault of ours (a 500).
 * `bodySchema`: what the route checks its body against, so a message can name a list's title.
 */
export function problemFor(error: unknown, bodySchema?: unknown): Problem | undefined {
  if (error instanceof Problem) return error;
  if (error instanceof pg.DatabaseError) return databaseProblem(error);
  const e = error as Partial<FastifyError>;
  if (e.validation)
    return problems.validation(validationFields(e.validation as never, e.validationContext === 'body' ? (bodySchema as never) : undefined));
  const known = e.code ? FRAMEWORK[e.code] : undefined;
  if (known) return known();
  const status = e.statusCode ?? 500;
  if (status >= 500 || status < 400) return undefined;
  if (status === 403 || status === 404) return problems.notFound('File'); // a plugin's refusal: forbidden reads as missing
  if (status === 413) return problems.tooLarge();
  if (status === 415) return problems.unsupportedMediaType();
  if (status === 429) return problems.tooManyRequests();
  return problems.badRequest('The request is not valid');
}

/** Installs the answers on an app: route errors, unknown paths (404) and methods a path lacks (405). */
export function answerErrorsFromCatalogue(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = problemFor(error, (request.routeOptions?.schema as { body?: unknown } | undefined)?.body);
    if (problem) return reply.status(problem.status).send(problem.toBody());
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(problems.internal(String(request.id)).toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = allowedMethods(app, request.method, path);
    if (allowed.length) {
      const problem = problems.methodNotAllowed(request.method, path, allowed);
      return reply.status(problem.status).header('Allow', allowed.join(', ')).send(problem.toBody());
    }
    const problem = problems.noRoute(request.method, path);
    return reply.status(problem.status).send(problem.toBody());
  });
}

/** Fastify's `frameworkErrors` option: errors raised before a route is found (a broken %-encoding). */
export function frameworkErrorAnswer(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const problem = problemFor(error) ?? problems.badUrl();
  reply.status(problem.status).send(problem.toBody());
}

/** Fastify's `clientErrorHandler` option: HTTP that cannot be parsed at all (headers too large, garbage). */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? problems.headersTooLarge()
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? problems.requestTimeout()
        : problems.badHttp();
  const body = JSON.stringify(problem.toBody());
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[problem.status] ?? 'Bad Request';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
