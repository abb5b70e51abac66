/**
 * GET /dashboard/module/map: the Data Explorer's Map view — the same query as
 * /dashboard/module/docs (program, module, optional type, the narrower filters), under the same flag and the same
 * sight of documents, answered as grid clusters over a bounding box at a zoom (map-clusters.ts).
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_MODULES, isDocumentModule, type DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../../context.ts';
import { needsFlag } from '../../http/permissions.ts';
import { problems } from '../../http/errors.ts';
import { EXPLORE_FLAG } from './explorer-options.ts';
import { isTypeOfModule, programToExplore } from './explorer-read.ts';
import { mapClusters, MAX_CLUSTERS, type BoundingBox } from './map-clusters.ts';
import { facetQueryProperties } from './dashboard-schemas.ts';
import { readFacets, type FacetQuery } from './document-facets.ts';

export const MAX_ZOOM = 22;

const degrees = (title: string, description: string) => ({
  type: 'string',
  title,
  pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,12})?$',
  description,
});
const place = { type: 'number' };
const box = {
  type: 'object',
  additionalProperties: false,
  required: ['south', 'west', 'north', 'east'],
  properties: { south: place, west: place, north: place, east: place },
};

const mapQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['program_slug', 'module_name', 'south', 'west', 'north', 'east', 'zoom'],
  properties: {
    program_slug: {
      type: 'string',
      title: 'Program',
      minLength: 1,
      maxLength: 200,
    },
    module_name: {
      type: 'string',
      title: 'Module',
      enum: [...DOCUMENT_MODULES],
    },
    doc_id: {
      type: 'string',
      title: 'Document type',
      maxLength: 64,
      description: 'The type record; empty or absent: every type',
    },
    doc_name: {
      type: 'string',
      title: 'Document type name',
      maxLength: 200,
      description: 'Not read (the console sends it)',
    },
    ...facetQueryProperties,
    south: degrees('South', 'Southern edge of the box, latitude -90 to 90'),
    west: degrees('West', 'Western edge of the box, longitude -180 to 180'),
    north: degrees('North', 'Northern edge of the box, latitude -90 to 90, at least south'),
    east: degrees('East', 'Eastern edge of the box, longitude -180 to 180, at least west'),
    zoom: {
      type: 'string',
      title: 'Zoom',
      pattern: '^[0-9]{1,2}$',
      description: `The map's zoom, 0 to ${MAX_ZOOM}: cells shrink as it grows`,
    },
  },
};

const mapAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['clusters', 'total', 'truncated', 'bounds'],
  properties: {
    clusters: {
      type: 'array',
      maxItems: MAX_CLUSTERS,
      description: 'The cells, largest first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['lat', 'lng', 'count', 'south', 'west', 'north', 'east'],
        properties: {
          ...box.properties,
          lat: place,
          lng: place,
          count: { type: 'integer', minimum: 1 },
          document_id: {
            type: 'string',
            description: 'Only in a cell of one document: that document',
          },
        },
      },
    },
    total: {
      type: 'integer',
      minimum: 0,
      description: 'Documents with a place inside the box',
    },
    truncated: {
      type: 'boolean',
      description: `More than ${MAX_CLUSTERS} cells: the smallest were left out`,
    },
    bounds: {
      anyOf: [box, { type: 'null' }],
      description: 'The box around every document found; null when none',
    },
  },
};

interface MapQuery extends FacetQuery {
  program_slug: string;
  module_name: DocumentModule;
  doc_id?: string;
  south: string;
  west: string;
  north: string;
  east: string;
  zoom: string;
}

/** The box from the query (its pattern already checked), or a 400 naming the edge that is off the globe or crosses its opposite. */
function boxOf(query: MapQuery): BoundingBox {
  const b = {
    south: Number(query.south),
    west: Number(query.west),
    north: Number(query.north),
    east: Number(query.east),
  };
  const wrong: Record<string, string> = {};
  for (const edge of ['south', 'north'] as const) if (Math.abs(b[edge]) > 90) wrong[edge] = `${edge} must be a latitude from -90 to 90`;
  for (const edge of ['west', 'east'] as const) if (Math.abs(b[edge]) > 180) wrong[edge] = `${edge} must be a longitude from -180 to 180`;
  if (!wrong.north && !wrong.south && b.north < b.south) wrong.north = 'north must be at least south';
  if (!wrong.east && !wrong.west && b.east < b.west) wrong.east = 'east must be at least west (split a box that crosses the antimeridian)';
  if (Object.keys(wrong).length) throw problems.validation(wrong);
  return b;
}

export function mapRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: MapQuery }>(
    '/dashboard/module/map',
    {
      config: {
        permission: needsFlag(EXPLORE_FLAG),
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No program with this slug among those the caller may explore' } },
      },
      schema: {
        tags: ['Data Explorer'],
        summary:
          "The Map view: a program module's documents (optionally of one type) that the caller may read and that have a geo-location, " +
          'inside the box, grouped into grid cells sized by the zoom; at most ' +
          `${MAX_CLUSTERS} cells, largest first`,
        querystring: mapQuery,
        response: { 200: mapAnswer },
      },
    },
    async (request) => {
      const query = request.query;
      const zoom = Number(query.zoom);
      if (zoom > MAX_ZOOM)
        throw problems.validation({
          zoom: `zoom must be from 0 to ${MAX_ZOOM}`,
        });
      const box = boxOf(query);
      const module = query.module_name;
      if (!isDocumentModule(module)) throw problems.validation({ module_name: 'Module is not valid' });
      const facets = await readFacets(ctx.db, query);
      const program = await programToExplore(ctx.db, request.sessionUser!, {
        slug: query.program_slug,
      });
      const typeId = query.doc_id ? query.doc_id : undefined;
      if (typeId !== undefined && !(await isTypeOfModule(ctx.db, module, typeId))) {
        return { clusters: [], total: 0, truncated: false, bounds: null };
      }
      return mapClusters(ctx.db, request.sessionUser!, { program, module, facets, ...(typeId === undefined ? {} : { typeId }) }, box, zoom);
    },
  );
}
