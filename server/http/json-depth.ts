/**
 * How deep a request's JSON may nest. Anything that walks a value recursively (a guard, a
 * validator's deep-equal, a serializer) overflows the stack at a few thousand levels, so JSON
 * nested deeper than this is refused before it is parsed, by a scan that does not recurse.
 *
 * The deepest JSON the product itself sends is a form definition: the body, `structures`, a
 * field group, its `extra_details.fields`, a sub-field, its `validation.cond_logic`, a rule and
 * its value — about 10 levels; a document's answers (a field group's item holding a geo-trace
 * of points) about 6. 64 leaves ample room without letting a walk get anywhere near the stack.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `limit` lists and objects inside one another (brackets
 * inside strings do not count). Exact for valid JSON; on malformed text the answer does not
 * matter, since the parser refuses it anyway.
 */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) depth--;
  }
  return false;
}
