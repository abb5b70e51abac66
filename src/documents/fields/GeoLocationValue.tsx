/**
 * A geo-location answer: its coordinates, and a map toggled by 'View on map' / 'Hide Map'
 * (spec 1 §2) — a Google map when the installation has a Google Maps key, else the
 * installation's tile map (OpenStreetMap's tile server unless MAP_TILES_URL says otherwise).
 * Without Google, a link opens the place on openstreetmap.org too (a larger map, in a new tab).
 * With maps turned off (MAP_TILES_URL=none) nothing is loaded from outside and a sentence says so.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import { googleMapsApiKey, mapTiles } from '../../config/runtime-config';
import { coordinates, geoPoint, openStreetMapUrl, type GeoPoint } from './geo-point';
import { JsonValue } from './JsonValue';
import { useT } from '../../i18n/use-t';

const GoogleMapView = lazy(() => import('./GoogleMapView'));
const PointMap = lazy(() => import('./PointMap'));

function ShownMap({ point }: { point: GeoPoint }) {
  const apiKey = googleMapsApiKey();
  const tiles = mapTiles();
  if (apiKey) return <GoogleMapView apiKey={apiKey} point={point} />;
  return tiles ? <PointMap tiles={tiles} point={point} /> : null;
}

export function GeoLocationValue({ value }: { value: unknown }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const point = geoPoint(value);
  if (!point) return <JsonValue value={value} />;
  const mapsOn = mapTiles() !== null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{coordinates(point)}</Typography>
      {mapsOn ? (
        <>
          <Stack direction="row" spacing={2} className="no-print" sx={{ alignItems: 'center' }}>
            <Button size="small" variant="outlined" startIcon={<MapIcon />} onClick={() => setShown((s) => !s)}>
              {shown ? t('app.documents.answers.hide_map') : t('app.documents.answers.view_map')}
            </Button>
            {!googleMapsApiKey() && (
              <Link href={openStreetMapUrl(point)} target="_blank" rel="noopener noreferrer">
                {t('app.documents.answers.open_street_map')}
              </Link>
            )}
          </Stack>
          {shown && (
            <Box sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              <Suspense fallback={<CircularProgress size={24} aria-label={t('app.documents.maps.loading')} />}>
                <ShownMap point={point} />
              </Suspense>
            </Box>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" className="no-print">
          {t('app.documents.maps.off')}
        </Typography>
      )}
    </Stack>
  );
}
