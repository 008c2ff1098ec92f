import { UnknownClauseError } from '../errors/conformance-errors.js';
import type { Clause } from './clause.js';
import type { ClauseTitles } from './suite-report.js';

/** Throws UnknownClauseError when a name in only/skip is not a clause id, listing the ids there are. */
export function assertKnownClauses(clauses: readonly { id: string }[], names: readonly string[], option: string): void {
  const ids = new Set(clauses.map((c) => c.id));
  const unknown = names.filter((name) => !ids.has(name));
  if (unknown.length > 0)
    throw new UnknownClauseError(
      `${option} ${unknown.map((n) => JSON.stringify(n)).join(', ')}: no such clause; expected one of ${[...ids].join(', ')}`,
    );
}

export function clauseTitles(clauses: readonly Clause<never>[]): ClauseTitles {
  return new Map(clauses.map((c) => [c.id, { title: c.title, spec: c.spec }]));
}
