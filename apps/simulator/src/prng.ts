/** A source of uniform numbers in [0, 1); injected so the physics stays pure and reproducible. */
export type Random = () => number;

/**
 * mulberry32: a tiny 32-bit PRNG. Good enough for plausible sensor noise, and a fixed seed makes
 * every run (and every test) produce the same readings.
 */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Derives an independent seed per controller, so one controller's stream does not depend on how
 * often the others published (timers interleave differently from run to run).
 */
export function deriveSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Standard normal sample (Box–Muller); sensor noise looks Gaussian, not uniform. */
export function gaussian(rand: Random): number {
  const u = 1 - rand(); // (0, 1]: log(0) would be -Infinity
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function uniform(rand: Random, min: number, max: number): number {
  return min + (max - min) * rand();
}
