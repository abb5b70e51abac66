/**
 * The pseudo-locale en-XA made from English: each text accented and in brackets, its
 * placeholders (%{name}) and plural separators (||||) kept, so a screen in it shows at a glance
 * any text that did not come from the catalogue.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** One text: its letters accented outside placeholders, each plural form in brackets. */
export function pseudoText(text: string): string {
  return text
    .split(' |||| ')
    .map(
      (form) =>
        `[${form
          .split(/(%\{[^}]+\})/)
          .map((part, i) => (i % 2 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
          .join('')}]`,
    )
    .join(' |||| ');
}

/** The same tree of messages, each text made pseudo. */
export function pseudoCatalogue<T extends object>(messages: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages))
    out[key] = typeof value === 'string' ? pseudoText(value) : pseudoCatalogue(value as object);
  return out as T;
}
