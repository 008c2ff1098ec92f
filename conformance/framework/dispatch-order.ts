import type { Clause } from './clause.js';

/**
 * The order clauses are handed to free workers: first those that others wait for (the number of clauses that
 * transitively require each one), so chains of requirements start as early as they can; then the costly ones,
 * so the longest do not start last; ties keep the suite's order.
 */
export function dispatchOrder<Context>(chosen: readonly Clause<Context>[]): Clause<Context>[] {
  const waitingOn = new Map<string, number>();
  for (const clause of chosen) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      for (const other of chosen) {
        if (!(other.requires ?? []).includes(id) || seen.has(other.id)) continue;
        seen.add(other.id);
        visit(other.id);
      }
    };
    visit(clause.id);
    waitingOn.set(clause.id, seen.size);
  }
  const position = new Map(chosen.map((c, i) => [c.id, i]));
  return [...chosen].sort(
    (a, b) =>
      (waitingOn.get(b.id) ?? 0) - (waitingOn.get(a.id) ?? 0) ||
      (b.cost ?? 1) - (a.cost ?? 1) ||
      (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
}
