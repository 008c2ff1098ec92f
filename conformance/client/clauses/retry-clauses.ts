import type { Clause } from '../../framework/clause.js';
import type { ClientContext } from '../client-context.js';
import { backoffClause, retryAfterClause } from './backoff-clauses.js';
import { noRetry400Clause } from './no-retry-400-clause.js';
import { resetClause, retry429Clause, retry5xxClause, slowServerClause } from './rides-out-clauses.js';

/** The retry clauses (rule 7, docs/decisions.md), in the order they run. */
export const retryClauses: readonly Clause<ClientContext>[] = [
  retry5xxClause,
  retry429Clause,
  retryAfterClause,
  backoffClause,
  noRetry400Clause,
  resetClause,
  slowServerClause,
];
