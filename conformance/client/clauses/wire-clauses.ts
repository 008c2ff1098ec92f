import type { Clause } from '../../framework/clause.js';
import type { ClientContext } from '../client-context.js';
import { integrationsClause, requiredFieldsClause } from './event-field-clauses.js';
import { acceptedClause, validCallsClause, writeKeyClause } from './request-clauses.js';
import { timestampClause, timestampMillisecondsClause } from './timestamp-clauses.js';
import { uniqueMessageIdClause } from './unique-message-id-clause.js';

/** What each request and event carries (rules 2, 4.2, 4.3, 5.3), in the order the clauses run: the write key first. */
export const wireClauses: readonly Clause<ClientContext>[] = [
  writeKeyClause,
  acceptedClause,
  validCallsClause,
  requiredFieldsClause,
  timestampClause,
  timestampMillisecondsClause,
  uniqueMessageIdClause,
  integrationsClause,
];
