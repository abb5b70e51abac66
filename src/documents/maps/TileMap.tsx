/**
 * The one map of the console: react-leaflet on the installation's tile server (MAP_TILES_URL,
 * OpenStreetMap's by default), its attribution shown as the tile server's terms ask. Its own
 * chunk (Leaflet and its styles load only when a map is opened). The caller checks that maps
 * are on (mapTiles() is not null) and puts its markers inside.
 */
import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { MapTiles } from '@model/map-tiles';

/** OpenStreetMap's tile server draws zoom 0 to 19; most others stop there too. */
export const MAX_MAP_ZOOM = 19;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface TileMapProps {
  tiles: MapTiles;
  /** What the map shows, for a screen reader (the region's name). */
  label: string;
  height: number | string | Record<string, number>;
  center?: LatLngExpression;
  zoom?: number;
  /** Fit the first view to these instead of center and zoom. */
  bounds?: LatLngBoundsExpression;
  children?: ReactNode;
}

export default function TileMap({ tiles, label, height, center, zoom, bounds, children }: TileMapProps) {
  return (
    <Box role="region" aria-label={label} sx={{ height, width: '100%', '& .leaflet-container': { height: '100%', font: 'inherit' } }}>
      <MapContainer
        center={center}
        zoom={zoom}
        bounds={bounds}
        boundsOptions={{ padding: [32, 32], maxZoom: 16 }}
        maxZoom={MAX_MAP_ZOOM}
        scrollWheelZoom={false}
        worldCopyJump={false}
      >
        {/* The attribution is the operator's plain text: escaped, as Leaflet writes it as HTML. */}
        <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} maxZoom={MAX_MAP_ZOOM} />
        {children}
      </MapContainer>
    </Box>
  );
}
