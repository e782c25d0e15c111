/** A uniform [0, 1) generator: the same seed gives the same sequence (mulberry32). */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A child seed for a named sub-task, so adding a task elsewhere does not shift this one's random stream. */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (const ch of parts.join('/')) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}
