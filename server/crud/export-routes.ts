/**
 * GET /{path}/export.csv for every resource of this server whose map entry sets `list.export`:
 * every row the list's filter matches (not only a page), in the list's sort, streamed as CSV,
 * with the columns the caller names (those the table shows) written as the table shows them.
 * Guarded by the list's own flag. Generic resources are read by the generic store; a resource
 * with custom routes hands in its own list query, so it exports without a fork of this code.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ResourceEntry } from '@model/generated/index.ts';
import { listColumns, resourceMap, resourceNamed, resourceSchema, type ResourceName } from '@model/schema-registry.ts';
import { safeFilename } from '@model/csv.ts';
import { needsFlag } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { GenericStore } from './generic-store.ts';
import { listQuerySchema, parseListParams } from './list-params.ts';
import { csvExport, type ListRows } from './list-export.ts';

interface ExportQuery {
  sort?: string;
  filter?: string;
  columns?: string;
}

const exportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: listQuerySchema.properties.sort,
    filter: listQuerySchema.properties.filter,
    columns: {
      type: 'string',
      maxLength: 2000,
      description: 'JSON ["field",...]: the columns to write, in order (default: the list\'s columns)',
    },
  },
} as const;

function chosenColumns(raw: string | undefined, allowed: string[]): string[] {
  if (raw === undefined) return allowed;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw problems.badRequest('columns must be JSON', { columns: 'columns must be JSON' });
  }
  if (!Array.isArray(value) || !value.length)
    throw problems.badRequest('columns must name at least one column', { columns: 'Choose at least one column' });
  const unknown = value.find((c) => typeof c !== 'string' || !allowed.includes(c));
  if (unknown !== undefined)
    throw problems.badRequest(`Cannot export the column ${String(unknown)}`, { columns: `Cannot export the column ${String(unknown)}` });
  return [...new Set(value as string[])];
}

function genericList(name: ResourceName): ListRows {
  const store = new GenericStore(name);
  return (db, params) => store.list(db, params);
}

export function exportRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  server: 'auth' | 'api',
  customLists: Record<string, ListRows> = {},
  resources: Record<string, ResourceEntry> = resourceMap,
) {
  for (const [key, entry] of Object.entries(resources)) {
    const name = resourceNamed(key);
    if (entry.server !== server || !entry.list?.export) continue;
    const schema = resourceSchema(name);
    const listRows: ListRows | undefined = customLists[name] ?? (entry.routes === 'generic' ? genericList(name) : undefined);
    if (!listRows)
      throw new Error(`schemas/resources.json: ${name} has list.export but custom routes; pass its list query to exportRoutes`);
    const flag = entry.permissions.list;
    if (!flag) throw new Error(`schemas/resources.json: ${name} names no permission for list`);
    const sort = entry.list.sort ?? { field: '_id', order: 'ASC' as const };
    const filename = `${safeFilename(entry.label.many)}.csv`;

    app.get<{ Querystring: ExportQuery }>(
      `/${entry.path}/export.csv`,
      {
        config: {
          permission: needsFlag(flag),
          errors: {
            codes: { 400: ['BAD_REQUEST'], 429: ['EXPORTS_BUSY'] },
            notes: { 429: 'Other exports are running (at most 3 at once)' },
          },
        },
        // A HEAD twin would read the whole table only to throw it away.
        exposeHeadRoute: false,
        schema: {
          tags: [entry.label.many],
          summary: `Every ${entry.label.one.toLowerCase()} the filter matches, as CSV (streamed; same sort and filter as the list)`,
          querystring: exportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const params = parseListParams({ sort: request.query.sort, filter: request.query.filter }, schema, { sort });
        const columns = chosenColumns(request.query.columns, entry.list?.columns ?? listColumns(name));
        const stream = await csvExport(ctx.db, { schema, statusField: entry.status, columns, params, listRows });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    );
  }
}
