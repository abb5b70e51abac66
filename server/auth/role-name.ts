/**
 * One key per role name, so that names a reader cannot tell apart are one name. The database
 * stores it (roles.name_key, unique) and the reserved-name check compares it, so both apply
 * exactly the same rule. Changing this function changes stored keys: recompute them in a
 * migration (see 007-role-name-key).
 */

/**
 * Letters of other scripts (and Latin small capitals) that look like a Latin letter, after
 * Unicode's confusables list. Both cases are listed because they can look like different
 * letters (Greek Η is an H, η an n).
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  А: 'a', а: 'a', В: 'b', в: 'b', Е: 'e', е: 'e', К: 'k', к: 'k', М: 'm', м: 'm', Н: 'h', н: 'h',
  О: 'o', о: 'o', Р: 'p', р: 'p', С: 'c', с: 'c', Т: 't', т: 't', У: 'y', у: 'y', Х: 'x', х: 'x',
  Ѕ: 's', ѕ: 's', І: 'i', і: 'i', Ј: 'j', ј: 'j', Ԁ: 'd', ԁ: 'd', Һ: 'h', һ: 'h', Ӏ: 'l', ӏ: 'l',
  Ү: 'y', ү: 'y', Ԛ: 'q', ԛ: 'q', Ԝ: 'w', ԝ: 'w', Ɡ: 'g', ɡ: 'g',
  // Greek
  Α: 'a', α: 'a', Β: 'b', β: 'b', Ε: 'e', ε: 'e', Ζ: 'z', Η: 'h', η: 'n', Ι: 'i', ι: 'i', Κ: 'k',
  κ: 'k', Μ: 'm', μ: 'u', Ν: 'n', ν: 'v', Ο: 'o', ο: 'o', Ρ: 'p', ρ: 'p', Τ: 't', τ: 't', Υ: 'y',
  υ: 'u', Χ: 'x', χ: 'x', ϲ: 'c', Ϲ: 'c', ϳ: 'j',
  // Latin letters that pass for others, and small capitals
  ı: 'i', ɩ: 'i', ǀ: 'l', ɑ: 'a', ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ɪ: 'i',
  ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v',
  ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
};
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
  return folded
    .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c)
    .toLowerCase()
    // Lower-casing may bring marks back (İ → i + dot above).
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Role names only the Admin role may give (a role with such a name may change any password). */
const RESERVED = new Set(['admin']);

export const isReservedRoleName = (name: string): boolean => RESERVED.has(roleNameKey(name));
