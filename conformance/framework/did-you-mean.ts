/** Edit distance (insertions, deletions, substitutions, adjacent transpositions) between two short words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row[j] = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] ?? 0, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] ?? 0;
}

/**
 * The known word closest to what was typed, when it is close enough to be what was meant (a typo, a swapped pair,
 * a missing or extra letter, or the start of a longer name), else undefined.
 */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  let best: { word: string; cost: number } | undefined;
  for (const word of known) {
    const cost = distance(lower, word.toLowerCase());
    if (best === undefined || cost < best.cost) best = { word, cost };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(best.word.length / 3));
  if (best.cost <= allowed) return best.word;
  // A prefix of a single name (--budget for --budget-ms) names it too.
  const prefixed = known.filter((word) => lower.length >= 3 && word.toLowerCase().startsWith(lower));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
