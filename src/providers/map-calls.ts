/**
 * The Data Explorer's Map view call: GET dashboard/module/map, the query's documents with a
 * place inside a box, as grid clusters sized by the zoom (same flag, filter and sight as the list).
 */
import { serverUrl } from '../config/runtime-config';
import { FACETS, type DocumentsQuery } from './explorer-calls';
import { fetchWithSession } from './http-client';

export interface MapBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapCluster extends MapBox {
  lat: number;
  lng: number;
  count: number;
  /** Only in a cluster of one document. */
  document_id?: string;
}

export interface MapClusters {
  clusters: MapCluster[];
  /** Documents with a place inside the box. */
  total: number;
  truncated: boolean;
  bounds: MapBox | null;
}

export interface MapView {
  box: MapBox;
  zoom: number;
}

/** The whole globe, zoomed out: what a first look at a query asks for, to learn where its documents are. */
export const WORLD_VIEW: MapView = { box: { south: -90, west: -180, north: 90, east: 180 }, zoom: 2 };

const clamp = (n: number, limit: number) => Math.min(limit, Math.max(-limit, n));
/** Six decimals (about 10 cm) is all the server reads, and all its pattern takes. */
const degrees = (n: number, limit: number) => clamp(n, limit).toFixed(6);

function mapSearch(query: DocumentsQuery, { box, zoom }: MapView): string {
  const params = new URLSearchParams({ program_slug: query.program_slug, module_name: query.module_name });
  if (query.doc_id) params.set('doc_id', query.doc_id);
  for (const facet of FACETS) if (query[facet]) params.set(facet, query[facet]);
  params.set('south', degrees(box.south, 90));
  params.set('west', degrees(box.west, 180));
  params.set('north', degrees(box.north, 90));
  params.set('east', degrees(box.east, 180));
  params.set('zoom', String(Math.max(0, Math.min(22, Math.round(zoom)))));
  return params.toString();
}

export const mapCalls = {
  getClusters: async (query: DocumentsQuery, view: MapView, signal?: AbortSignal) =>
    (await fetchWithSession<MapClusters>(`${serverUrl('api')}/dashboard/module/map?${mapSearch(query, view)}`, { signal })).json,
};
