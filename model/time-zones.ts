/**
 * Time zone names as the IANA database spells them (what Intl and PostgreSQL both accept): the
 * settings' time zone is one of these, checked by the auth server and offered by the console.
 */
export const TIME_ZONES: readonly string[] = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];

const known = new Set(TIME_ZONES);

export const isTimeZone = (name: string) => known.has(name);
