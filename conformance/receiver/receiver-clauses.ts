import type { Clause } from '../framework/clause.js';
import { actionsBatchClause } from './clauses/actions-batch-clause.js';
import { hostileContentClauses } from './clauses/hostile-content-clauses.js';
import { observedFieldsClause, payloadTypeClauses } from './clauses/payload-type-clauses.js';
import { concurrencyClause, redeliveryClause, unknownFieldsClause } from './clauses/robustness-clauses.js';
import {
  missingSignatureClause,
  refusalStatusClause,
  replayedSignatureClause,
  tamperedSignatureClause,
  validSignatureClause,
  wrongSignatureClause,
} from './clauses/signature-clauses.js';
import { staticHeaderClauses } from './clauses/static-header-clauses.js';
import { noRedirectClause, timeoutClause } from './clauses/timing-clauses.js';
import type { ReceiverContext } from './receiver-context.js';

/**
 * Every clause of the receiver suite, in the order they run: first what the rest depends on (answers within the
 * deadline, no redirects, valid signatures), then each payload kind, the shape real deliveries have, content,
 * forged signatures, static headers, SHOULDs.
 */
export const receiverClauses: readonly Clause<ReceiverContext>[] = [
  timeoutClause,
  noRedirectClause,
  validSignatureClause,
  ...payloadTypeClauses,
  observedFieldsClause,
  actionsBatchClause,
  ...hostileContentClauses,
  tamperedSignatureClause,
  wrongSignatureClause,
  missingSignatureClause,
  replayedSignatureClause,
  refusalStatusClause,
  ...staticHeaderClauses,
  unknownFieldsClause,
  redeliveryClause,
  concurrencyClause,
];
