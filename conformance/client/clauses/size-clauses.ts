import type { Clause } from '../../framework/clause.js';
import type { ClientContext } from '../client-context.js';
import { batchSizeClause } from './batch-size-clause.js';
import { eventSizeClause, eventSizeRefusedClause, eventSizeUnderLimitClause } from './event-size-clauses.js';

export { MAX_EVENT_BYTES, MAX_REQUEST_BYTES } from './size-limits.js';
export { batchSizeClause, eventSizeClause, eventSizeRefusedClause, eventSizeUnderLimitClause };

export const sizeClauses: readonly Clause<ClientContext>[] = [
  eventSizeClause,
  eventSizeRefusedClause,
  eventSizeUnderLimitClause,
  batchSizeClause,
];
