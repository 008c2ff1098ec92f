import type { Clause } from '../framework/clause.js';
import type { ClientContext } from './client-context.js';
import { deliveredClause } from './clauses/delivery-clause.js';
import { e2eCliOnlyClauses } from './clauses/e2e-cli-clauses.js';
import { flushClause, flushClauses } from './clauses/flush-clauses.js';
import { invalidCallClauses } from './clauses/invalid-call-clauses.js';
import { retryClauses } from './clauses/retry-clauses.js';
import { sizeClauses } from './clauses/size-clauses.js';
import { wireClauses } from './clauses/wire-clauses.js';

/**
 * Every clause of the client suite, in the order they run: the write key first (without it nothing else
 * can be judged), then what each request carries, batching, sizes, retries, flush while retrying, and last
 * the end-to-end delivery clause, which is skipped with a pointer when a clause it builds on failed.
 */
export const clientClauses: readonly Clause<ClientContext>[] = [
  ...wireClauses,
  ...invalidCallClauses,
  ...flushClauses,
  ...sizeClauses,
  ...retryClauses,
  flushClause,
  deliveredClause,
];

/**
 * The clauses of a run through the SDK's own e2e CLI: the same, under the same ids (those the contract cannot express
 * are reported not applicable, with why), then the clauses of the CLI's own result.
 */
export const e2eCliClauses: readonly Clause<ClientContext>[] = [...clientClauses, ...e2eCliOnlyClauses];

/** The clauses of a protocol. */
export function clientClausesOf(protocol: 'driver' | 'e2e-cli'): readonly Clause<ClientContext>[] {
  return protocol === 'e2e-cli' ? e2eCliClauses : clientClauses;
}
