/**
 * Right-to-left styles for a right-to-left language: MUI's theme direction and an emotion cache
 * whose styles are flipped (left ↔ right) by the RTL plugin. The plugin loads with the language
 * (loadRightToLeftStyles, awaited by the i18n provider), so left-to-right users never download it.
 */
import type { ReactNode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import createCache from '@emotion/cache';
// Already in the first bundle (emotion's own); only the RTL plugin loads later.
import { prefixer } from 'stylis';
import { useCurrentLocale } from './direction';

const leftToRight = createCache({ key: 'mui' });
let rightToLeft: EmotionCache | undefined;

export async function loadRightToLeftStyles(): Promise<void> {
  if (rightToLeft) return;
  const { default: rtlPlugin } = await import('@mui/stylis-plugin-rtl');
  rightToLeft = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
}

export const DirectionStyles = ({ children }: { children: ReactNode }) => {
  const { dir } = useCurrentLocale();
  return <CacheProvider value={dir === 'rtl' && rightToLeft ? rightToLeft : leftToRight}>{children}</CacheProvider>;
};
