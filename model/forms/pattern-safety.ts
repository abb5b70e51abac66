/**
 * Whether a condition's regular expression could make a check run for ages (catastrophic
 * backtracking: `^(a+)+$` on 34 × 'a' + '!' freezes a browser tab, and the api server runs the
 * same pattern on every submitted document). JavaScript's engine backtracks, so the shape of the
 * pattern decides; this reads that shape and refuses, conservatively, the two shapes that go
 * exponential:
 *
 * - a part repeated more than once that itself holds a repetition of varying count:
 *   `(a+)+`, `(.*a){20}`, `(a{1,3})*` (a fixed count inside is fine: `(\d{2}/){2}`, `(,\d{3})*`;
 *   so is an optional part, repeated at most once: `(\+\d{1,3})?`);
 * - a part repeated more than once that holds a choice whose branches can start with the same
 *   character: `(a|aa)+`, `(\d|[0-9a-f])*` (`(yes|no)+` is fine).
 *
 * Written here rather than taken from safe-regex2 (which fastify's router uses): that one counts
 * any count, `?` and `{3}` included, as a star, so it refuses everyday patterns such as an
 * optional country code `^(\+\d{1,3})?\d{9}$` or a date `^(\d{2}/){2}\d{4}$`, and it cannot read
 * lookbehinds; and it lets `(a|aa)+` through.
 *
 * The pattern must already be a valid `u`-mode regular expression (as the compiler uses it).
 */

/** Longer patterns are refused outright: a condition's pattern is a short check, not a program. */
export const MAX_PATTERN_LENGTH = 200;

/** A first character that could be anything (`.`, a back-reference). */
const ANYTHING = { kind: 'anything' } as const;
type FirstChar = typeof ANYTHING | { kind: 'literal'; char: string } | { kind: 'set'; source: string };

/** What matters about a part of a pattern when it is repeated. */
interface Shape {
  /** The characters a match can start with (of the part, or of what follows it when it can match nothing). */
  first: FirstChar[];
  /** It can match the empty string. */
  nullable: boolean;
  /** It holds a repetition whose count varies (`*`, `+`, `?`, `{1,3}`), or a back-reference. */
  varies: boolean;
  /** It holds a choice whose branches can start with the same character. */
  ambiguous: boolean;
}

const EMPTY: Shape = { first: [], nullable: true, varies: false, ambiguous: false };

class TooSlow extends Error {}

export function isSlowPattern(pattern: string): boolean {
  try {
    new Reader(pattern).whole();
    return false;
  } catch (err) {
    if (err instanceof TooSlow) return true;
    throw err;
  }
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  whole(): Shape {
    return this.choice();
  }

  private peek(offset = 0): string | undefined {
    return this.text[this.at + offset];
  }

  /** Branches separated by `|`, up to a `)` or the end. */
  private choice(): Shape {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0]!;
    let ambiguous = branches.some((b) => b.ambiguous);
    for (let i = 0; i < branches.length && !ambiguous; i++)
      for (let j = i + 1; j < branches.length && !ambiguous; j++) ambiguous = overlaps(branches[i]!.first, branches[j]!.first);
    return {
      first: branches.flatMap((b) => b.first),
      nullable: branches.some((b) => b.nullable),
      varies: branches.some((b) => b.varies),
      ambiguous,
    };
  }

  private sequence(): Shape {
    let shape = EMPTY;
    while (this.at < this.text.length && this.peek() !== '|' && this.peek() !== ')') {
      const item = this.repeated(this.atom());
      shape = {
        first: shape.nullable ? [...shape.first, ...item.first] : shape.first,
        nullable: shape.nullable && item.nullable,
        varies: shape.varies || item.varies,
        ambiguous: shape.ambiguous || item.ambiguous,
      };
    }
    return shape;
  }

  /** An atom with the repetition after it, if any. */
  private repeated(atom: Shape): Shape {
    const count = this.count();
    if (!count) return atom;
    if (count.max > 1 && (atom.varies || atom.ambiguous)) throw new TooSlow();
    return { ...atom, nullable: atom.nullable || count.min === 0, varies: atom.varies || count.max !== count.min };
  }

  private count(): { min: number; max: number } | undefined {
    const c = this.peek();
    let found: { min: number; max: number } | undefined;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      found = { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at));
      if (!m) return undefined;
      this.at += m[0].length;
      const min = Number(m[1]);
      found = { min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity };
    }
    if (found && this.peek() === '?') this.at++; // lazy: the same paths, tried in another order
    return found;
  }

  private atom(): Shape {
    const c = this.peek()!;
    switch (c) {
      case '^':
      case '$':
        this.at++;
        return EMPTY;
      case '.':
        this.at++;
        return single(ANYTHING);
      case '[':
        return single({ kind: 'set', source: this.charClass() });
      case '(':
        return this.group();
      case '\\':
        return this.escape();
      default: {
        const char = String.fromCodePoint(this.text.codePointAt(this.at)!);
        this.at += char.length;
        return single({ kind: 'literal', char });
      }
    }
  }

  private charClass(): string {
    const start = this.at;
    this.at++; // [
    if (this.peek() === '^') this.at++;
    while (this.at < this.text.length && this.peek() !== ']') this.at += this.peek() === '\\' ? 2 : 1;
    this.at++; // ]
    return this.text.slice(start, this.at);
  }

  private group(): Shape {
    this.at++; // (
    const rest = this.text.slice(this.at);
    const lookaround = /^\?(=|!|<=|<!)/.exec(rest);
    if (lookaround) {
      this.at += lookaround[0].length;
      this.choice(); // refuses what is slow inside it
      this.at++; // )
      // Zero width, and atomic in JavaScript: a repetition around it does not retry its paths.
      return EMPTY;
    }
    const opening = /^\?(<[^>]+>|[a-zA-Z-]*:)/.exec(rest);
    if (opening) this.at += opening[0].length;
    const inside = this.choice();
    this.at++; // )
    return inside;
  }

  private escape(): Shape {
    const next = this.peek(1)!;
    const rest = this.text.slice(this.at);
    if (next === 'b' || next === 'B') {
      this.at += 2;
      return EMPTY;
    }
    const backReference = /^\\([1-9]\d*|k<[^>]+>)/.exec(rest);
    if (backReference) {
      this.at += backReference[0].length;
      return { first: [ANYTHING], nullable: true, varies: true, ambiguous: false };
    }
    const escaped = /^\\([dDwWsS]|[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|0|[tnvfr]|.)/su.exec(rest)!;
    this.at += escaped[0].length;
    return single({ kind: 'set', source: escaped[0] });
  }
}

const single = (first: FirstChar): Shape => ({ first: [first], nullable: false, varies: false, ambiguous: false });

/** Could some character start both? */
function overlaps(a: FirstChar[], b: FirstChar[]): boolean {
  return a.some((x) => b.some((y) => sameChar(x, y)));
}

function sameChar(a: FirstChar, b: FirstChar): boolean {
  if (a.kind === 'anything' || b.kind === 'anything') return true;
  if (a.kind === 'literal') return b.kind === 'literal' ? a.char === b.char : matcher(b).test(a.char);
  if (b.kind === 'literal') return matcher(a).test(b.char);
  // Two sets: compared on every character of the Basic Multilingual Plane.
  const left = members(a.source);
  const right = members(b.source);
  return left.some((on, i) => on === 1 && right[i] === 1);
}

const matcher = (set: { source: string }) => new RegExp(`^(?:${set.source})$`, 'u');

const memberCache = new Map<string, Uint8Array>();

function members(source: string): Uint8Array {
  let found = memberCache.get(source);
  if (found) return found;
  const test = matcher({ source });
  found = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue; // halves of a pair, never a character alone
    if (test.test(String.fromCharCode(code))) found[code] = 1;
  }
  if (memberCache.size > 200) memberCache.clear();
  memberCache.set(source, found);
  return found;
}
