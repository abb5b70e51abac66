/**
 * How text is trimmed, by the console and the servers alike: text is stored trimmed, and text
 * that trimming leaves empty is as missing as ''.
 *
 * Trimmed off both ends: whitespace, and the characters that take no space of their own — the
 * format characters (Unicode category Cf: zero-width space, zero-width (non-)joiner, word joiner,
 * byte order mark, soft hyphen, bidi marks and isolates) and the blank letters (Hangul fillers,
 * the blank Braille pattern). A name of "\u200B\u200B\u200B" shows as nothing, so it is no name.
 *
 * Inside the text they stay: a zero-width joiner builds emoji sequences (👩‍💻) and a zero-width
 * non-joiner spells Persian and Indic words right. Tag characters (U+E0020–U+E007F, also Cf) stay
 * at the end when something visible comes before them: they spell subdivision flags (🏴 + tags).
 */

// Whitespace, format characters and blank letters. Role names drop the same invisible characters
// everywhere when compared (server/auth/role-name.ts keeps its own copy: its keys are stored).
const INVISIBLE_CLASS = '\\s\\p{Cf}\\u115F\\u1160\\u3164\\uFFA0\\u2800';

const ALL_INVISIBLE = new RegExp(`^[${INVISIBLE_CLASS}]*$`, 'u');
const LEADING = new RegExp(`^[${INVISIBLE_CLASS}]+`, 'u');
const ONE_INVISIBLE = new RegExp(`^[${INVISIBLE_CLASS}]$`, 'u');

const isTag = (codePoint: number) => codePoint >= 0xe0020 && codePoint <= 0xe007f;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Whether the text shows as nothing: empty, or only whitespace and invisible characters. */
export function isBlankText(text: string): boolean {
  return ALL_INVISIBLE.test(text);
}

/** The text without whitespace and invisible characters at its ends; '' when that is all it holds. */
export function trimText(text: string): string {
  if (isBlankText(text)) return '';
  const start = text.match(LEADING)?.[0].length ?? 0;
  // Backwards one code point at a time: a regular expression anchored at the end would be tried
  // again from every position of a long run of spaces inside the text.
  let end = text.length;
  while (end > start) {
    const pair = end - 2 >= start && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2));
    const char = text.slice(end - (pair ? 2 : 1), end);
    if (!ONE_INVISIBLE.test(char) || isTag(char.codePointAt(0)!)) break;
    end -= char.length;
  }
  return text.slice(start, end);
}
