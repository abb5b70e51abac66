/**
 * The Data Explorer's page of documents: a program module's documents (optionally of one type) the
 * caller may read, newest first, with the exact total; paged by cursor or by page number.
 */
import type { FastifyInstance } from 'fastify';
import { isDocumentModule, type DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../../context.ts';
import { problems } from '../../http/errors.ts';
import { isTypeOfModule, programToExplore } from './explorer-read.ts';
import { documentPage, type PagePosition } from './document-pages.ts';
import { readFacets, type FacetQuery } from './document-facets.ts';
import { docsAnswer, docsQuery, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './dashboard-schemas.ts';
import { bounded } from './query-bounds.ts';
import { explore, explorerTags } from './explorer-options.ts';

interface DocsQuery extends FacetQuery {
  program_slug: string;
  module_name: DocumentModule;
  doc_id?: string;
  doc_name?: string;
  pageNo?: string;
  pageSize?: string;
  after?: string;
  before?: string;
}

function positionOf(query: DocsQuery, pageNo: number): PagePosition {
  if (query.after !== undefined && query.before !== undefined) {
    throw problems.validation({ before: 'Send either after or before, not both' });
  }
  if (query.after !== undefined) return { after: Number(query.after) };
  if (query.before !== undefined) return { before: Number(query.before) };
  return { pageNo };
}

export function docsPageRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: DocsQuery }>(
    '/dashboard/module/docs',
    {
      config: {
        permission: explore,
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No program with this slug among those the caller may explore' } },
      },
      schema: {
        tags: explorerTags,
        summary:
          "A page of a program module's documents (optionally of one type) the caller may read, newest first, with the exact total: " +
          'next/previous page by cursor (after/before), or a jump to pageNo; every page costs about what the first does',
        querystring: docsQuery,
        response: { 200: docsAnswer },
      },
    },
    async (request) => {
      const query = request.query;
      const caller = request.sessionUser!;
      const pageSize = bounded(query.pageSize, PAGE_SIZE_DEFAULT, 'pageSize', 'Documents per page', 1, PAGE_SIZE_MAX);
      const pageNo = bounded(query.pageNo, 0, 'pageNo', 'Page', 0, Number.MAX_SAFE_INTEGER);
      const position = positionOf(query, pageNo);
      const module = query.module_name;
      if (!isDocumentModule(module)) throw problems.validation({ module_name: 'Module is not valid' });
      const facets = await readFacets(ctx.db, query);
      const program = await programToExplore(ctx.db, caller, { slug: query.program_slug });
      const typeId = query.doc_id ? query.doc_id : undefined;
      // A type of another kind than the module holds no document of it.
      if (typeId !== undefined && !(await isTypeOfModule(ctx.db, module, typeId))) return { data: [], total: 0, pageNo };
      return documentPage(
        ctx.db,
        caller,
        { program, module, facets, ...(typeId === undefined ? {} : { typeId }) },
        position,
        pageSize,
        pageNo,
      );
    },
  );
}
