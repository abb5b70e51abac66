/**
 * The dashboard and the Data Explorer on the api server (spec 1 §7, exact paths). The dashboard
 * routes need only a session; the Data Explorer's need `can_explore_data`. Every document read is
 * scoped by document-scope.ts: a document the caller may not read is answered like one that
 * does not exist (404 DOCUMENT_NOT_FOUND), never 403.
 */
import type { FastifyInstance } from 'fastify';
import { isDocumentModule, type DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../context.ts';
import { needsFlag, signedIn } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { dashboardCounts, documentByLocalId, documentsPerDay, recentlyProcessed } from './dashboard-read.ts';
import {
  documentByIdOrLocalId,
  isTypeOfModule,
  moduleTypes,
  programSubmitters,
  programsToExplore,
  programToExplore,
  toExplorerProgram,
} from './explorer-read.ts';
import { documentPage, type PagePosition } from './document-pages.ts';
import { readFacets, type FacetQuery } from './document-facets.ts';
import {
  countsAnswer,
  dailyAnswer,
  dailyQuery,
  DAYS_DEFAULT,
  DAYS_MAX,
  docsAnswer,
  docsQuery,
  documentAnswer,
  documentIdParams,
  documentListAnswer,
  explorerProgram,
  explorerProgramsAnswer,
  localIdQuery,
  moduleParams,
  moduleTypesAnswer,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  programIdParams,
  submittersAnswer,
} from './dashboard-schemas.ts';

export const EXPLORE_FLAG = 'can_explore_data';

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

/** A whole number from the query (its pattern already checked), within bounds, or a 400 naming it. */
function bounded(value: string | undefined, fallback: number, field: string, label: string, min: number, max: number): number {
  const n = value === undefined ? fallback : Number(value);
  if (n < min || n > max) throw problems.validation({ [field]: `${label} must be between ${min} and ${max}` });
  return n;
}

function positionOf(query: DocsQuery, pageNo: number): PagePosition {
  if (query.after !== undefined && query.before !== undefined) {
    throw problems.validation({ before: 'Send either after or before, not both' });
  }
  if (query.after !== undefined) return { after: Number(query.after) };
  if (query.before !== undefined) return { before: Number(query.before) };
  return { pageNo };
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const dashboard = ['Dashboard'];
  const explorer = ['Data Explorer'];
  const explore = needsFlag(EXPLORE_FLAG);

  app.get(
    '/dashboard/static',
    {
      config: { permission: signedIn },
      schema: {
        tags: dashboard,
        summary: 'The three counts: every program, every form, and the documents the caller may read (exact, from the counters)',
        response: { 200: countsAnswer },
      },
    },
    async (request) => dashboardCounts(ctx.db, request.sessionUser!),
  );

  app.get(
    '/dashboard/lastupdated',
    {
      config: { permission: signedIn },
      schema: {
        tags: dashboard,
        summary: 'Recently Processed Documents: the 50 most recently processed documents the caller may read, newest processed first',
        response: { 200: documentListAnswer },
      },
    },
    async (request) => recentlyProcessed(ctx.db, request.sessionUser!),
  );

  app.get<{ Querystring: { days?: string } }>(
    '/dashboard/daily',
    {
      config: { permission: signedIn },
      schema: {
        tags: dashboard,
        summary: 'Documents submitted per day (UTC) that the caller may read, every day of the range up to today, oldest first',
        querystring: dailyQuery,
        response: { 200: dailyAnswer },
      },
    },
    async (request) => {
      const days = bounded(request.query.days, DAYS_DEFAULT, 'days', 'Days', 1, DAYS_MAX);
      return documentsPerDay(ctx.db, request.sessionUser!, days, ctx.config.clock.now());
    },
  );

  app.get<{ Querystring: { local_id: string } }>(
    '/dashboard/document',
    {
      config: { permission: signedIn },
      schema: {
        tags: dashboard,
        summary:
          "One document by its local id (the mobile app's id), with its answers and form fields; 404 when the caller may not read it",
        querystring: localIdQuery,
        response: { 200: documentAnswer },
      },
    },
    async (request) => documentByLocalId(ctx.db, request.sessionUser!, request.query.local_id),
  );

  app.get<{ Params: { id: string } }>(
    '/dashboard/document/:id',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
        summary: "The Data Explorer's search: the document whose _id, or else local_id, this is, full; 404 when the caller may not read it",
        params: documentIdParams,
        response: { 200: documentAnswer },
      },
    },
    async (request) => documentByIdOrLocalId(ctx.db, request.sessionUser!, request.params.id),
  );

  app.get(
    '/dashboard/programs',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
        summary: 'The programs the caller may explore (every one with can_see_all_docs, else those they are on), by name',
        response: { 200: explorerProgramsAnswer },
      },
    },
    async (request) => programsToExplore(ctx.db, request.sessionUser!),
  );

  app.get<{ Params: { programId: string } }>(
    '/dashboard/program/:programId',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
        summary: 'One program the caller may explore, with its document modules on or off',
        params: programIdParams,
        response: { 200: explorerProgram },
      },
    },
    async (request) => toExplorerProgram(await programToExplore(ctx.db, request.sessionUser!, { id: request.params.programId })),
  );

  app.get<{ Params: { programId: string; module: DocumentModule } }>(
    '/dashboard/program/:programId/module/:module',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
        summary: 'The type records attached to one module of the program, under its list name (e.g. { beneficiary_types: [...] })',
        params: moduleParams,
        response: { 200: moduleTypesAnswer },
      },
    },
    async (request) => {
      const program = await programToExplore(ctx.db, request.sessionUser!, { id: request.params.programId });
      return moduleTypes(ctx.db, program._id, request.params.module);
    },
  );

  app.get<{ Params: { programId: string } }>(
    '/dashboard/program/:programId/submitters',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
        summary: "Who submitted the program's documents that the caller may read, by name (the explorer's submitter filter)",
        params: programIdParams,
        response: { 200: submittersAnswer },
      },
    },
    async (request) => {
      const program = await programToExplore(ctx.db, request.sessionUser!, { id: request.params.programId });
      return programSubmitters(ctx.db, request.sessionUser!, program._id);
    },
  );

  app.get<{ Querystring: DocsQuery }>(
    '/dashboard/module/docs',
    {
      config: { permission: explore },
      schema: {
        tags: explorer,
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
