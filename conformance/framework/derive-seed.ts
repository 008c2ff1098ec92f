/**
 * A clause's seed from the suite seed and the clause id (FNV-1a), so a clause sees the same values whether
 * the whole suite runs or only that clause (`--only`), and clauses do not share one random stream.
 */
export function deriveSeed(seed: number, id: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${id}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
