/**
 * A seeded random source for the demo data: the same seed gives the same data set, so a test
 * can fill a small one and know what it holds. xoshiro128** (128 bits of state, seeded through
 * splitmix32): ids drawn from it do not repeat across runs the way a 32-bit generator's would.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const splitmix = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
  }

  /** 32 random bits as an unsigned integer. */
  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An item drawn with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** `count` distinct items in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const wanted = Math.min(count, items.length);
    const chosen = new Set<number>();
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].map((i) => items[i]!);
  }

  /** A version 4 UUID drawn from this source (deterministic, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const w1 = hex(this.uint32());
    const w2 = hex(this.uint32());
    const w3 = hex(this.uint32());
    const w4 = hex(this.uint32());
    const variant = ((parseInt(w3[0]!, 16) & 0x3) | 0x8).toString(16);
    return `${w1}-${w2.slice(0, 4)}-4${w2.slice(5, 8)}-${variant}${w3.slice(1, 4)}-${w3.slice(4)}${w4}`;
  }
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/** Mixes numbers into one 32-bit seed (FNV-1a over their decimal text). */
export function mixSeed(...parts: Array<number | string>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
