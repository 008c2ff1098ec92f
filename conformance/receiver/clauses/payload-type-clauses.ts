import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import { plainPayload, type DeliveryKind } from '../receiver-payloads.js';
import { acceptanceClause } from './acceptance-clause.js';

const RETRIED =
  'Any other answer counts as a failed delivery: the service retries 5xx for up to 4 hours and drops the rest (rule 7).';

function typeClause(kind: Exclude<DeliveryKind, 'delete' | 'audience-identify'>): Clause<ReceiverContext> {
  return acceptanceClause({
    id: `2.2.${kind}`,
    level: 'MUST',
    title: `accepts ${kind} deliveries`,
    spec: 'rule 2.2, 4.1, 6.1',
    what: `a valid ${kind} delivery`,
    advice: `Every ${kind} payload of rule 2.2 must be accepted, with optional fields present or not. ${RETRIED}`,
    payloads: () => plainPayload(kind),
  });
}

export const payloadTypeClauses: readonly Clause<ReceiverContext>[] = [
  typeClause('track'),
  typeClause('identify'),
  typeClause('page'),
  typeClause('screen'),
  typeClause('group'),
  typeClause('alias'),
  acceptanceClause({
    id: '2.2.delete',
    level: 'MUST',
    title: 'accepts delete notifications',
    spec: 'rule 2.2, 6.1',
    what: 'a delete notification',
    advice: `A delete payload carries only type, userId and timestamp: no version, messageId, context or properties; do not require them. ${RETRIED}`,
    payloads: () => plainPayload('delete'),
    feature: 'delete',
  }),
  acceptanceClause({
    id: '6.2.audience-identify',
    level: 'MUST',
    title: 'accepts audience membership Identify calls',
    spec: 'rule 6.2',
    what: 'an audience membership Identify call',
    advice: `Audience sync sends Identify calls whose traits hold {<audience_name>: true|false} and whose context carries personas; accept them like any identify. ${RETRIED}`,
    payloads: () => plainPayload('audience-identify'),
    feature: 'audiences',
  }),
];
