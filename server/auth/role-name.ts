/**
 * One key per role name, so that names a reader cannot tell apart are one name. The database
 * stores it (roles.name_key, unique) and the reserved-name check compares it, so both apply
 * exactly the same rule. Changing this function changes stored keys: recompute them in a
 * migration (see 007-role-name-key).
 */

/**
 * Letters that look like a Latin letter, after Unicode's confusables list: one row per Latin
 * letter, the lookalikes grouped by script (spaces only separate the groups): Cyrillic, Greek,
 * Cherokee, Armenian, Lisu, then Latin small capitals and Latin letters with a stroke, bar,
 * hook or tail (the confusables list spells those as the letter plus an overlay mark, which is
 * dropped like an accent). Both cases are listed because they can look like different letters
 * (Greek Η is an H, η an n); Cherokee's small letters, which look like small capitals, come
 * from its capitals below.
 */
const LOOKALIKES_OF: Record<string, string> = {
  a: 'Аа Αα Ꭺ ꓮ ᴀ ɑ Ⱥⱥ ᶏ',
  b: 'Вв Ββ ᏴᏏ ꓐ ʙ Ƀƀ Ɓɓ Ƅƅ ᵬ ᶀ',
  c: 'Сс Ϲϲ Ꮯ ꓚ ᴄ Ȼȼ Ƈƈ ɕ Ꞓꞓ',
  d: 'Ԁԁ ᎠᏧ ꓓ ᴅ ĐđÐ Ɖɖ Ɗɗ Ƌƌ ȡ ᵭ ᶁ ᶑ',
  e: 'Ее ҽ Εε Ꭼ ꓰ ᴇ Ɇɇ ɛ ᶒ ⱸ',
  f: 'ք ꓝ',
  g: 'Ꮐ Ᏻ ց ꓖ ɢ Ɡɡ Ǥǥ Ɠɠ ᶃ Ꞡꞡ',
  h: 'Нн Һһ Η ᎻᏂ հ ꓧ ʜ Ħħ ɦ Ⱨⱨ',
  i: 'Іі Ιι Ꭵ ꓲ ɪ ı ɩ Ɨɨ ᵻ ᶖ',
  j: 'Јј ϳ Ꭻ յ ꓙ ᴊ Ɉɉ ʝ ȷ ɟ',
  k: 'Кк Κκ Ꮶ ꓗ ᴋ Ƙƙ Ⱪⱪ ᶄ Ꝁꝁ',
  l: 'Ӏӏ Ꮮ Լ ꓡ ʟ ǀ Ɩ Łł Ƚƚ Ɫɫ ɬ ɭ ȴ Ⱡⱡ ᶅ',
  m: 'Мм Μ Ꮇ ꓟ ᴍ Ɱɱ ᵯ ᶆ',
  n: 'η Ν ո ռ ꓠ ɴ Ɲɲ ɳ Ƞƞ ȵ ᵰ ᶇ',
  o: 'Оо Οο Օօ ꓳ ᴏ ᴑ Øø Ɵɵ',
  p: 'Рр Ρρ Ꮲ ꓑ ᴘ Ƥƥ Ᵽᵽ ᵱ ᶈ Ꝑꝑ',
  q: 'Ԛԛ գ զ ʠ Ɋɋ',
  r: 'ᎡᏒ ꓣ ʀ Ʀ Ɍɍ ɽ ɼ ᵲ ᵳ ᶉ',
  s: 'Ѕѕ ᏚᏕ Տ ꓢ ꜱ ʂ ȿ ƽ ᵴ ᶊ Ꞩꞩ',
  t: 'Тт Ττ Ꭲ ꓔ ᴛ Ŧŧ ƫ Ƭƭ Ʈʈ ȶ Ⱦⱦ ᵵ',
  u: 'μ υ Սս ꓴ ᴜ Ʉʉ ʋ ᵾ ᶙ',
  v: 'ν Ꮩ ꓦ ᴠ',
  w: 'Ԝԝ ᎳᏔ ա ꓪ ᴡ ɯ Ⱳⱳ',
  x: 'Хх Χχ ꓫ ᶍ',
  y: 'Уу Үү Υ ᎩᎽ ꓬ ʏ ɣ Ɏɏ Ƴƴ ỿ',
  z: 'Ζ Ꮓ ꓜ ᴢ Ƶƶ Ȥȥ ʐ ʑ ɀ Ⱬⱬ ᵶ ᶎ',
};
const LOOKALIKES: Record<string, string> = {};
for (const [latin, lookalikes] of Object.entries(LOOKALIKES_OF)) {
  for (const c of lookalikes.replace(/\s/gu, '')) {
    LOOKALIKES[c] = latin;
    if (/\p{Script=Cherokee}/u.test(c)) LOOKALIKES[c.toLowerCase()] = latin;
  }
}
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/** Invisible characters: format characters (zero-width space and joiners, soft hyphen, bidi marks) and blank letters. */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;
const MARKS = /\p{M}/gu;

/**
 * 'Admin', ' ADMIN ', 'Ａｄｍｉｎ', 'Ad\u200Bmin', 'Аdmin' (Cyrillic А) and 'Ádmin' all give
 * 'admin': compatibility forms folded (NFKC), invisible characters and accents dropped,
 * lookalike letters mapped to Latin, lower case, runs of spaces made one and the ends trimmed.
 */
export function roleNameKey(name: string): string {
  const folded = name.normalize('NFKC').replace(INVISIBLE, '').normalize('NFD').replace(MARKS, '');
  return (
    folded
      .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c)
      .toLowerCase()
      // Lower-casing may bring marks back (İ → i + dot above).
      .normalize('NFD')
      .replace(MARKS, '')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/** Role names only the Admin role may give (a role with such a name may change any password). */
const RESERVED = new Set(['admin']);

export const isReservedRoleName = (name: string): boolean => RESERVED.has(roleNameKey(name));
