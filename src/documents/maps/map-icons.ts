/**
 * Markers drawn as HTML (Leaflet divIcons), not Leaflet's default image icon: its PNG is found
 * through a CSS path that the bundler renames, and a drawn marker needs no image the
 * Content-Security-Policy would have to allow. Colours are the theme's primary blue with a
 * white ring, readable on any tile.
 */
import { divIcon } from 'leaflet';

const BLUE = '#1565c0';
const RING = 'border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45),0 1px 4px rgba(0,0,0,.35);border-radius:50%;box-sizing:border-box';

/** One document's place. */
export const pointIcon = divIcon({
  className: 'fieldbase-map-point',
  html: `<span style="display:block;width:22px;height:22px;background:${BLUE};${RING}"></span>`,
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A cell of several documents: a disc that grows with the count, the count written in it (hidden from screen readers: the marker's title names it). */
export function clusterIcon(count: number) {
  const size = Math.round(30 + Math.min(26, Math.log10(count) * 8));
  const text = compact.format(count);
  return divIcon({
    className: 'fieldbase-map-cluster',
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `background:${BLUE};color:#fff;font:600 13px/1 Roboto,Helvetica,Arial,sans-serif;${RING}" aria-hidden="true">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
