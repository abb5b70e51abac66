/** One geo-location answer on the installation's tile map, at zoom 14 (spec 1 §9). Its own chunk, with Leaflet. */
import { Marker } from 'react-leaflet';
import type { MapTiles } from '@model/map-tiles';
import TileMap from '../maps/TileMap';
import { pointIcon } from '../maps/map-icons';
import { coordinates, MAP_ZOOM, type GeoPoint } from './geo-point';
import { useT } from '../../i18n/use-t';

export default function PointMap({ tiles, point }: { tiles: MapTiles; point: GeoPoint }) {
  const t = useT();
  return (
    <TileMap
      tiles={tiles}
      label={t('app.documents.answers.map_of', { place: coordinates(point) })}
      height={260}
      center={point}
      zoom={MAP_ZOOM}
    >
      <Marker position={point} icon={pointIcon} interactive={false} keyboard={false} />
    </TileMap>
  );
}
