/**
 * The options of @fastify/swagger for both servers: what /docs/json says about the document
 * as a whole, and how a route's validation schema becomes its documentation where the two
 * must differ:
 * * A query parameter that is JSON in a string (`contentMediaType: "application/json"` and
 *   `contentSchema` on a string property, as list-params.ts declares sort, range and filter)
 *   is validated as the string it arrives as, and documented as OpenAPI's JSON-encoded
 *   parameter (`content: { "application/json": { schema } }`), which clients and fuzzers
 *   encode and decode for themselves.
 * * A multipart upload is read by its handler as a stream, so Fastify validates no body; its
 *   parts are declared in `schema.multipartBody` and documented as the request body.
 */
import type { SwaggerOptions } from '@fastify/swagger';

declare module 'fastify' {
  interface FastifySchema {
    /** The parts of a multipart/form-data upload, for the OpenAPI document only. */
    multipartBody?: Record<string, unknown>;
  }
}

type Schema = Record<string, unknown>;

const JSON_MEDIA_TYPE = 'application/json';

/** A JSON-in-a-string property as swagger's JSON-encoded parameter (its `x-consume`). */
function jsonParameter(property: Schema): Schema {
  if (property.contentMediaType !== JSON_MEDIA_TYPE || !property.contentSchema) return property;
  const { description } = property;
  return { ...(property.contentSchema as Schema), ...(description ? { description } : {}), 'x-consume': JSON_MEDIA_TYPE };
}

function documentedQuery(querystring: Schema): Schema {
  const properties = querystring.properties as Record<string, Schema> | undefined;
  if (!properties) return querystring;
  return { ...querystring, properties: Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, jsonParameter(p)])) };
}

export function documentedSchema(schema: Schema | undefined): Schema | undefined {
  if (!schema) return schema;
  const { multipartBody, ...documented } = schema;
  if (documented.querystring) documented.querystring = documentedQuery(documented.querystring as Schema);
  // A route that also takes JSON declares it as `body.content` (validated by Fastify); the upload joins it.
  const jsonContent = (documented.body as { content?: Schema } | undefined)?.content;
  if (multipartBody) documented.body = { content: { ...jsonContent, 'multipart/form-data': { schema: multipartBody } } };
  return documented;
}

export function swaggerOptions(kind: 'auth' | 'api'): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: kind === 'auth' ? 'Fieldbase auth server' : 'Fieldbase api server',
        version: '1',
        description:
          (kind === 'auth'
            ? 'Sign-in, sessions, users, roles, permissions and designations (spec 1 §7).'
            : 'Dashboard, documents, programs, forms, view lists (spec 1 §7, spec 2).') +
          ' Every error answers the `error` schema; each status lists the codes it can carry. A method a path does not have answers 405 with an Allow header.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema as Schema) as never, url }),
  };
}
