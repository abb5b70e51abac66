// @vitest-environment jsdom
/** Dates and numbers in the language in use: the spec's forms in English, Intl's in French and Arabic. */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatNumber } from '../../src/i18n/format';
import { applyLocale } from '../../src/i18n/direction';

// A local moment: 27 November 2026, 14:05 in the viewer's time zone.
const moment = new Date(2026, 10, 27, 14, 5).toISOString();

afterEach(() => applyLocale('en'));

describe('formats', () => {
  it("keep the spec's own forms in English (and in the pseudo-locale)", () => {
    for (const locale of ['en', 'en-XA']) {
      applyLocale(locale);
      expect(formatDay(moment, '-')).toBe('27-11-2026');
      expect(formatDay(moment)).toBe('27/11/2026');
      expect(formatMoment(moment)).toBe('27/11/2026 14:05');
      expect(formatNumber(1_000_000)).toBe('1,000,000');
    }
    expect(formatDay('')).toBe('');
    expect(formatMoment('not a date')).toBe('');
    expect(formatNumber(undefined)).toBe('');
  });

  it('write French dates and numbers as French does', () => {
    applyLocale('fr');
    expect(formatDay(moment, '-')).toBe('27/11/2026');
    expect(formatMoment(moment)).toBe('27/11/2026 14:05');
    expect(formatNumber(1_000_000)).toBe('1\u202f000\u202f000');
  });

  it('write Arabic ones with Latin digits, right to left', () => {
    applyLocale('ar');
    expect(formatDay(moment).replace(/\u200f/g, '')).toBe('27/11/2026');
    expect(formatMoment(moment)).toMatch(/27.*11.*2026/);
    expect(formatNumber(1_234_567)).toMatch(/^1.234.567$/);
  });
});
