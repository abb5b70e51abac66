/** GET /program/{id}/report: the program report page's tables (program-report.ts), for a reader of the program. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { programParams } from './program-schemas.ts';
import { programReport } from './program-report.ts';

export const REPORT_WEEKS_DEFAULT = 12;
export const REPORT_WEEKS_MAX = 104;

const counts = { type: 'array', items: { type: 'integer', minimum: 0 } };
const text = { type: 'string' };

const reportQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    weeks: {
      type: 'string',
      title: 'Weeks',
      pattern: '^[0-9]{1,3}$',
      description: `How many weeks up to this one (UTC, Monday to Sunday), 1 to ${REPORT_WEEKS_MAX}; ${REPORT_WEEKS_DEFAULT} when not given`,
    },
  },
};

const reportAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['program', 'weeks', 'goals', 'documents', 'team'],
  properties: {
    program: { type: 'object', additionalProperties: false, required: ['_id', 'name'], properties: { _id: text, name: text } },
    weeks: { type: 'array', items: { type: 'string', format: 'date' }, description: "Each week's Monday, oldest first" },
    goals: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['_id', 'name', 'document_type', 'target', 'achieved'],
        properties: {
          _id: text,
          name: text,
          document_type: text,
          target: { type: 'integer' },
          achieved: { ...counts, description: 'Documents of the goal’s type counted at the end of each week' },
        },
      },
    },
    documents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['module', 'type_id', 'type_name', 'counts', 'total'],
        properties: {
          module: text,
          type_id: text,
          type_name: text,
          counts: { ...counts, description: 'Documents submitted in each week' },
          total: { type: 'integer', minimum: 0, description: 'Every document of the type, of any week' },
        },
      },
    },
    team: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['_id', 'name', 'program_head', 'submitted', 'processed'],
        properties: {
          _id: text,
          name: text,
          program_head: { type: 'boolean' },
          submitted: { type: 'integer', minimum: 0 },
          processed: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
};

export function programReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: { weeks?: string } }>(
    '/program/:id/report',
    {
      config: { permission: needsFlag(mapFlag('program', 'show')) },
      schema: {
        tags: ['Programs'],
        summary:
          "The program's report over its last weeks: goal progress week by week, documents per module and type per week, and per team member what they submitted and how much is processed — counting only documents the caller may read",
        params: programParams,
        querystring: reportQuery,
        response: { 200: reportAnswer },
      },
    },
    async (request) => {
      const weeks = request.query.weeks === undefined ? REPORT_WEEKS_DEFAULT : Number(request.query.weeks);
      if (weeks < 1 || weeks > REPORT_WEEKS_MAX) throw problems.validation({ weeks: `Weeks must be between 1 and ${REPORT_WEEKS_MAX}` });
      return programReport(ctx.db, request.sessionUser!, request.params.id, weeks, ctx.config.clock.now());
    },
  );
}
