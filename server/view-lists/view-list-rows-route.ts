/** The rows search that choice fields with a `url` page through: one page of a list's rows, searched by their text. */
import type { FastifyInstance } from 'fastify';
import type { EntitySchema } from '@model/schema-registry.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { answerList, parseListParams, type ListQuery } from '../crud/list-params.ts';
import { searchRows } from './view-list-store.ts';
import { rowSchema, rowsQuery } from './view-list-schemas.ts';
import type { ViewListKit } from './view-list-kit.ts';

const DEFAULT_PAGE = 20;

/** Rows are sorted and picked by their number (`_id`), searched by their text. */
const ROW_FIELDS = { type: 'object', properties: { _id: { type: 'string' } } } as unknown as EntitySchema;

export function rowsRoute(app: FastifyInstance, { base, tags, db, flag }: ViewListKit): void {
  app.get<{ Params: { id: string }; Querystring: ListQuery & { q?: string } }>(
    `${base}/:id/rows`,
    {
      config: { permission: flag('show') },
      schema: {
        tags,
        summary:
          'One page of a view list\'s rows (default the first 20), those containing q (any cell, any case); filter={"id":[...]} answers those rows. Content-Range counts a search\'s matches up to 10,000: past that it reads …/10000+',
        params: idParams,
        querystring: rowsQuery,
        response: { 200: { type: 'array', items: rowSchema } },
      },
    },
    async (request, reply) => {
      const { q, ...list } = request.query;
      const params = parseListParams(list, ROW_FIELDS, { sort: { field: '_id', order: 'ASC' } });
      params.range ??= { start: 0, end: DEFAULT_PAGE - 1 };
      const search = q?.trim() || params.search;
      const only = params.equals._id === undefined ? undefined : rowNumbers(params.equals._id);
      const { rows, total, moreThan } = await searchRows(
        db,
        request.params.id,
        { search, only, descending: params.sort.order === 'DESC' },
        params.range,
      );
      return answerList(reply, 'listview', params, { rows, total, moreThan });
    },
  );
}

function rowNumbers(value: unknown): number[] {
  const ids = (Array.isArray(value) ? value : [value]).map((v) => Number(v));
  if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw problems.badRequest('Row ids are whole numbers from 1', { filter: 'For example {"id":["1","2"]}' });
  }
  return ids;
}
