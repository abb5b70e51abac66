/**
 * The Data Explorer's Map view: a query's documents that have a place (geo_lat/geo_lng,
 * migration 015) inside a bounding box, grouped into square grid cells whose size follows the
 * zoom (a quarter of a map tile: about 64 px on screen), in ONE statement:
 *
 *   select floor(lat / cell), floor(lng / cell), count(*), avg(lat), avg(lng), extent …
 *   where <the explorer list's own filter and sight> and lat/lng inside the box
 *   group by the cell  order by count desc  limit MAX_CLUSTERS + 1
 *
 * The filter is the list's (document-pages.ts `conditions`, with the owner for a caller who sees
 * only their own documents), so the map shows exactly the documents the list pages through. Its
 * leading columns match a partial index holding only documents with a place (program + type or
 * program + module, then latitude, with longitude, submitter and seq included): an index-only range
 * scan of the latitude band. The answer is bounded by the number of cells, never by the number
 * of documents; a cell of one document names it, so a click opens it.
 */
import { sql } from 'kysely';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Db } from '../../db/database.ts';
import { conditions, ownerFilter, type PageFilter } from './document-pages.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

/** More cells than a wide screen shows at once (1440 × 900 px is about 23 × 15 cells). */
export const MAX_CLUSTERS = 500;
/** Cells per tile side: a tile is 256 px, so a cell is about 64 px wide on screen. */
const CELLS_PER_TILE = 4;

export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapCluster extends BoundingBox {
  /** Where the cell's documents are on average: where its marker is drawn. */
  lat: number;
  lng: number;
  count: number;
  /** Only for a cell of one document: that document, for the drawer. */
  document_id?: string;
}

export interface MapClusters {
  clusters: MapCluster[];
  /** Documents with a place inside the box (every cell's, those left out included). */
  total: number;
  /** More cells than MAX_CLUSTERS: the smallest were left out. */
  truncated: boolean;
  /** The box around every document found; null when none. */
  bounds: BoundingBox | null;
}

/** A grid cell's side in degrees at this zoom. */
export const cellDegrees = (zoom: number) => 360 / 2 ** zoom / CELLS_PER_TILE;

interface ClusterRow {
  lat: number;
  lng: number;
  count: string | number;
  south: number;
  west: number;
  north: number;
  east: number;
  document_id: string | null;
  total: string | number;
  cells: string | number;
  all_south: number;
  all_west: number;
  all_north: number;
  all_east: number;
}

export function clustersQuery(caller: Caller, filter: PageFilter, box: BoundingBox, zoom: number) {
  const cell = cellDegrees(zoom);
  const where = [
    ...conditions(filter, ownerFilter(caller, filter.program), 'd'),
    sql<boolean>`d.geo_lat is not null`,
    sql<boolean>`d.geo_lat between ${box.south} and ${box.north}`,
    sql<boolean>`d.geo_lng between ${box.west} and ${box.east}`,
  ];
  return sql<ClusterRow>`
    with cells as (
      select avg(d.geo_lat) as lat, avg(d.geo_lng) as lng, count(*) as count,
        min(d.geo_lat) as south, min(d.geo_lng) as west, max(d.geo_lat) as north, max(d.geo_lng) as east,
        min(d.seq) as first_seq,
        sum(count(*)) over () as total, count(*) over () as cells,
        min(min(d.geo_lat)) over () as all_south, min(min(d.geo_lng)) over () as all_west,
        max(max(d.geo_lat)) over () as all_north, max(max(d.geo_lng)) over () as all_east
      from documents d
      where ${sql.join(where, sql` and `)}
      group by floor(d.geo_lat / ${cell}::float8), floor(d.geo_lng / ${cell}::float8)
      order by count(*) desc, min(d.seq)
      limit ${MAX_CLUSTERS + 1}
    )
    select c.lat, c.lng, c.count, c.south, c.west, c.north, c.east, c.total, c.cells,
      c.all_south, c.all_west, c.all_north, c.all_east,
      (select x.id from documents x where x.seq = c.first_seq and c.count = 1) as document_id
    from cells c
    order by c.count desc, c.first_seq`;
}

export async function mapClusters(db: Db, caller: Caller, filter: PageFilter, box: BoundingBox, zoom: number): Promise<MapClusters> {
  const { rows } = await clustersQuery(caller, filter, box, zoom).execute(db);
  const first = rows[0];
  if (!first) return { clusters: [], total: 0, truncated: false, bounds: null };
  const clusters = rows.slice(0, MAX_CLUSTERS).map((row) => ({
    lat: row.lat,
    lng: row.lng,
    count: Number(row.count),
    south: row.south,
    west: row.west,
    north: row.north,
    east: row.east,
    ...(row.document_id ? { document_id: row.document_id } : {}),
  }));
  return {
    clusters,
    total: Number(first.total),
    truncated: Number(first.cells) > MAX_CLUSTERS,
    bounds: {
      south: first.all_south,
      west: first.all_west,
      north: first.all_north,
      east: first.all_east,
    },
  };
}
