// A small deterministic PRNG, so every load of the demo looks the same.

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number between lo and hi. */
export function between(rand: () => number, lo: number, hi: number): number {
  return Math.round(lo + rand() * (hi - lo));
}
