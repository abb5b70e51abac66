/** What maps say where they cannot draw. */
export const MAP_TEXT = {
  off: 'Maps are turned off on this installation.',
  loading: 'Loading map',
  failed: 'The map could not be loaded.',
} as const;
