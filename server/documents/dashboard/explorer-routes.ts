/**
 * The Data Explorer's reads (flag can_explore_data): a document by id or local id, the programs
 * the caller may explore, one of them, its module's types and its submitters. The page of
 * documents has its own file (explorer-docs-route.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../../context.ts';
import {
  documentByIdOrLocalId,
  moduleTypes,
  programSubmitters,
  programsToExplore,
  programToExplore,
  toExplorerProgram,
} from './explorer-read.ts';
import {
  documentAnswer,
  documentIdParams,
  explorerProgram,
  explorerProgramsAnswer,
  moduleParams,
  moduleTypesAnswer,
  programIdParams,
  submittersAnswer,
} from './dashboard-schemas.ts';
import { explore, explorerTags as tags } from './explorer-options.ts';

export function documentSearchRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>(
    '/dashboard/document/:id',
    {
      config: {
        permission: explore,
        errors: {
          codes: { 404: ['DOCUMENT_NOT_FOUND'] },
          notes: { 404: 'No document whose id or local id this is that the caller may read' },
        },
      },
      schema: {
        tags,
        summary: "The Data Explorer's search: the document whose _id, or else local_id, this is, full; 404 when the caller may not read it",
        params: documentIdParams,
        response: { 200: documentAnswer },
      },
    },
    async (request) => documentByIdOrLocalId(ctx.db, request.sessionUser!, request.params.id),
  );
}

export function programsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/dashboard/programs',
    {
      config: { permission: explore },
      schema: {
        tags,
        summary: 'The programs the caller may explore (every one with can_see_all_docs, else those they are on), by name',
        response: { 200: explorerProgramsAnswer },
      },
    },
    async (request) => programsToExplore(ctx.db, request.sessionUser!),
  );
}

export function programRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { programId: string } }>(
    '/dashboard/program/:programId',
    {
      config: { permission: explore, errors: { codes: {}, notes: { 404: 'No such program among those the caller may explore' } } },
      schema: {
        tags,
        summary: 'One program the caller may explore, with its document modules on or off',
        params: programIdParams,
        response: { 200: explorerProgram },
      },
    },
    async (request) => toExplorerProgram(await programToExplore(ctx.db, request.sessionUser!, { id: request.params.programId })),
  );
}

export function moduleTypesRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { programId: string; module: DocumentModule } }>(
    '/dashboard/program/:programId/module/:module',
    {
      config: { permission: explore, errors: { codes: {}, notes: { 404: 'No such program among those the caller may explore' } } },
      schema: {
        tags,
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
}

export function submittersRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { programId: string } }>(
    '/dashboard/program/:programId/submitters',
    {
      config: { permission: explore },
      schema: {
        tags,
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
}
