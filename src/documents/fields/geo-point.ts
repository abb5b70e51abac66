/** A geo-location answer's point: `{ lat, lng }` as the compiler stores it, or the spec's `{ latitude, longitude }`. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

export const MAP_ZOOM = 14;

const number = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

export function geoPoint(value: unknown): GeoPoint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const lat = number(v.lat ?? v.latitude);
  const lng = number(v.lng ?? v.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

export const coordinates = ({ lat, lng }: GeoPoint) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

export const openStreetMapUrl = ({ lat, lng }: GeoPoint) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${MAP_ZOOM}/${lat}/${lng}`;
