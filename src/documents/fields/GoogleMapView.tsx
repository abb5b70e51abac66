/**
 * A point on a Google map at zoom 14 (spec 1 §9). Its own chunk: the maps loader is fetched only
 * when someone opens a map, and the Maps script itself only then, from Google (the page's
 * Content-Security-Policy allows it only when a key is configured).
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { GoogleMap, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import { MAP_ZOOM, type GeoPoint } from './geo-point';
import { useT } from '../../i18n/use-t';

const MAP_STYLE = { width: '100%', height: '260px' };

export default function GoogleMapView({ apiKey, point }: { apiKey: string; point: GeoPoint }) {
  const { isLoaded, loadError } = useJsApiLoader({ id: 'fieldbase-google-maps', googleMapsApiKey: apiKey });
  const t = useT();
  if (loadError) return <Alert severity="warning">{t('app.documents.maps.failed')}</Alert>;
  if (!isLoaded)
    return (
      <Box sx={{ height: 260, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('app.documents.maps.loading')} />
      </Box>
    );
  return (
    <GoogleMap mapContainerStyle={MAP_STYLE} center={point} zoom={MAP_ZOOM} options={{ streetViewControl: false, mapTypeControl: false }}>
      <MarkerF position={point} />
    </GoogleMap>
  );
}
