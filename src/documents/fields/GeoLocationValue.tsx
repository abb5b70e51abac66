/**
 * A geo-location answer: its coordinates, and with a Google Maps key a map toggled by
 * 'View on map' / 'Hide Map'. Without a key nothing is loaded from outside: the coordinates and
 * a plain link to open them on OpenStreetMap.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import { googleMapsApiKey } from '../../config/runtime-config';
import { coordinates, geoPoint, openStreetMapUrl } from './geo-point';
import { JsonValue } from './JsonValue';

const GoogleMapView = lazy(() => import('./GoogleMapView'));

export function GeoLocationValue({ value }: { value: unknown }) {
  const [shown, setShown] = useState(false);
  const point = geoPoint(value);
  if (!point) return <JsonValue value={value} />;
  const apiKey = googleMapsApiKey();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{coordinates(point)}</Typography>
      {apiKey ? (
        <>
          <Button size="small" variant="outlined" startIcon={<MapIcon />} className="no-print" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide Map' : 'View on map'}
          </Button>
          {shown && (
            <Box sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              <Suspense fallback={<CircularProgress size={24} aria-label="Loading map" />}>
                <GoogleMapView apiKey={apiKey} point={point} />
              </Suspense>
            </Box>
          )}
        </>
      ) : (
        <Link href={openStreetMapUrl(point)} target="_blank" rel="noopener noreferrer" className="no-print">
          Open in OpenStreetMap
        </Link>
      )}
    </Stack>
  );
}
