import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import fc from 'fast-check';
import { OBSERVED_CLAUSE, observedShape, shaped } from '../delivery-shapes.js';
import { anyPlainPayload, plainPayload, type DeliveryKind } from '../receiver-payloads.js';
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

/**
 * Deliveries as public samples of real ones show them (docs/decisions.md, "Delivered events"), every kind but delete.
 * MUST: rule 9 promises only an integer `version` ("the documented payloads carry 1" describes the docs), and the
 * live pipeline sends 2 with the fields below, so a receiver that refuses them loses every real event.
 */
export const observedFieldsClause: Clause<ReceiverContext> = {
  ...acceptanceClause({
    id: OBSERVED_CLAUSE,
    level: 'MUST',
    title:
      'accepts deliveries as the live pipeline sends them: version 2, projectId, writeKey, no sentAt (or null), api-/personas_ KSUID messageIds',
    spec: 'rule 2.2, 9; docs/decisions.md (delivered events as observed)',
    what: 'a delivery in the shape real deliveries have (version 2, projectId and writeKey, sentAt absent or null, an api- messageId)',
    advice: `The live pipeline forwards "version": 2 where the documentation shows 1, adds "projectId" (the source id) and "writeKey", leaves out sentAt and originalTimestamp when the call carried none (or sends "sentAt": null), and generates messageIds such as "api-2Lk9...". Accept any integer version, ignore fields you do not use, and treat timestamps and ids as optional, opaque strings. ${RETRIED}`,
    // Every kind but delete (which carries no version), each only once its own clause passed (the clause reads them).
    payloads: (context) =>
      fc
        .tuple(anyPlainPayload({ delete: false, audiences: context.supports.audiences }), observedShape())
        .map(([payload, shape]) => shaped(payload, shape)),
    unshaped: true,
  }),
  outsideSuite: (context) =>
    context.actions
      ? 'Webhooks (Actions) sends the mapped event data, without the classic payload version this clause is about'
      : undefined,
};
