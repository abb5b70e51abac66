/**
 * Clustered points on the tile map: a cluster of one document is a point that opens it, a
 * larger one a disc with its count that zooms to its documents. Reports the box on screen and
 * the zoom after every move (and once at the start), for the caller to ask what lies there.
 * Markers are keyboard buttons (Leaflet gives them role="button" and a tab stop) named by
 * their title.
 */
import { useEffect } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { MapTiles } from '@model/map-tiles';
import type { MapBox, MapCluster, MapView } from '../../providers/map-calls';
import TileMap, { MAX_MAP_ZOOM } from './TileMap';
import { clusterIcon, pointIcon } from './map-icons';
import { useT } from '../../i18n/use-t';

const viewOf = (map: LeafletMap): MapView => {
  const b = map.getBounds();
  return { box: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, zoom: map.getZoom() };
};

function ViewReporter({ onView }: { onView(view: MapView): void }) {
  const map = useMap();
  useMapEvents({ moveend: () => onView(viewOf(map)) });
  useEffect(() => onView(viewOf(map)), [map, onView]);
  return null;
}

function ClusterMarker({ cluster, onOpen }: { cluster: MapCluster; onOpen(id: string): void }) {
  const map = useMap();
  const t = useT();
  const open = () => {
    if (cluster.document_id) onOpen(cluster.document_id);
    else if (cluster.south === cluster.north && cluster.west === cluster.east) map.setView(cluster, MAX_MAP_ZOOM);
    else
      map.fitBounds(
        [
          [cluster.south, cluster.west],
          [cluster.north, cluster.east],
        ],
        { padding: [48, 48], maxZoom: MAX_MAP_ZOOM },
      );
  };
  const single = cluster.count === 1 && cluster.document_id;
  return (
    <Marker
      position={cluster}
      icon={single ? pointIcon : clusterIcon(cluster.count)}
      title={
        single
          ? t('app.documents.map.open_document')
          : t('app.documents.map.cluster', { smart_count: cluster.count, count: cluster.count.toLocaleString('en-US') })
      }
      eventHandlers={{
        click: open,
        // Leaflet's marker is a role="button" element with a tab stop but no key handler of its own.
        keydown: (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') open();
        },
      }}
    />
  );
}

interface ClusterMapProps {
  tiles: MapTiles;
  label: string;
  height: number | string | Record<string, number>;
  /** The first view fits these. */
  bounds: MapBox;
  clusters: MapCluster[];
  onView(view: MapView): void;
  onOpen(documentId: string): void;
}

export default function ClusterMap({ tiles, label, height, bounds, clusters, onView, onOpen }: ClusterMapProps) {
  return (
    <TileMap
      tiles={tiles}
      label={label}
      height={height}
      bounds={[
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ]}
    >
      <ViewReporter onView={onView} />
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.lat},${cluster.lng},${cluster.count}`} cluster={cluster} onOpen={onOpen} />
      ))}
    </TileMap>
  );
}
