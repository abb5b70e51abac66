/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/settings.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * What an organisation sets once: its name and logo (shown in the console's header and on the login page), the default language and time zone, and the map tiles. One row; GET /settings/public answers the name, logo and language to anyone, since the login page shows them.
 */
export interface Settings {
  organisation_name: string;
  default_language: ('en' | 'fr' | 'es' | 'pt' | 'ar' | 'sw' | 'ha' | 'am' | 'hi') & string;
  /**
   * An IANA time zone name, e.g. Africa/Nairobi or UTC.
   */
  time_zone: string;
  /**
   * A tile server address with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; 'none' turns maps off; empty (null) leaves it to the server's MAP_TILES_URL.
   */
  map_tiles_url?: string | null;
  /**
   * Where the logo is served (on the auth server, without a session), or null when none is set. Set with PUT /settings/logo.
   */
  logo?: string | null;
  updatedAt?: string | null;
}
