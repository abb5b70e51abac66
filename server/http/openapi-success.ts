/**
 * The success answers of a route as the document shows them: each with a description, a list's
 * 200 with the Content-Range header a page carries, and a route that `produces` a file (a CSV
 * export) with a 200 of that media type when it declares none itself.
 */
import { isListQuery } from './openapi-errors.ts';

const MEANING: Record<string, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

const CONTENT_RANGE = {
  'Content-Range': {
    type: 'string',
    description: 'Only when a range was asked for: "<resource> <first>-<last>/<total>", e.g. "user 0-9/25"',
  },
};

interface RouteSchema {
  produces?: string[];
  querystring?: unknown;
  response?: Record<string, unknown>;
}

export function successResponses(schema: RouteSchema): Record<string, unknown> {
  const declared = Object.entries(schema.response ?? {}).filter(([status]) => status.startsWith('2'));
  if (!declared.length && schema.produces?.length) {
    const content = Object.fromEntries(schema.produces.map((type) => [type, { schema: { type: 'string' } }]));
    return { 200: { description: 'The file', content } };
  }
  const list = isListQuery(schema.querystring);
  return Object.fromEntries(
    declared.map(([status, own]) => {
      const answer = own as Record<string, unknown>;
      return [
        status,
        {
          description: MEANING[status] ?? 'Success',
          ...answer,
          ...(list && status === '200' ? { headers: { ...CONTENT_RANGE, ...(answer.headers as object) } } : {}),
        },
      ];
    }),
  );
}
