/** mulberry32: a tiny seeded PRNG, so fault shares and backoff jitter replay exactly for a seed. Beside the clock: both are what a run injects to replay. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The first draw of a generator seeded by `seed` and `key` (FNV-1a over the key): a value that depends on nothing
 * else, so jitter keyed by what it is for (a delivery and its retry) does not depend on the order draws are made in.
 */
export function seededRandomFor(seed: number, key: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return seededRandom(hash)();
}
