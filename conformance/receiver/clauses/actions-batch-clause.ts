import fc from 'fast-check';
import { actionsSignature } from '../../../src/index.js';
import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import { everydayPayload } from '../receiver-payloads.js';
import { isAccepted } from '../send-delivery.js';
import { CONTENT_PREREQUISITES, refusalFailure } from './acceptance-clause.js';

/** At most this many events per batch here: enough to show the shape without 4,000-event bodies per run. */
const MAX_EVENTS = 20;

/**
 * Webhooks (Actions) with batching on: a JSON array of events, whose X-Signature is the HMAC of the FIRST event's
 * JSON, not of the body (action-destinations `destinations/webhook/index.ts`, extendRequest). Runs only with
 * `--destination actions --batch-size N`, the mapping's batch size.
 */
export const actionsBatchClause: Clause<ReceiverContext> = {
  id: '2.2.actions-batch',
  level: 'MUST',
  title: 'accepts batched deliveries (Webhooks (Actions) with batching: a JSON array, signed over its first event)',
  spec: 'docs/decisions.md, Webhooks (Actions)',
  requires: CONTENT_PREREQUISITES,
  outsideSuite: (context) =>
    context.actions
      ? undefined
      : 'only Webhooks (Actions) batches (--destination actions); classic Webhooks never does',
  skipReason: (context) =>
    context.batchSize === undefined ? 'the mapping does not batch (give --batch-size N)' : undefined,
  async run(context, env) {
    const size = Math.min(context.batchSize ?? 1, MAX_EVENTS);
    const batches = fc.array(everydayPayload(), { minLength: 1, maxLength: size });
    const result = await context.check(env, '2.2.actions-batch', batches, async (payloads) => {
      const events = payloads.map((payload) => JSON.parse(context.bodyOf(payload, '2.2.actions-batch')) as object);
      const body = JSON.stringify(events);
      const secret = context.target.secret;
      const delivery = await context.deliver(
        body,
        secret === undefined
          ? { signature: 'none' }
          : { signature: { value: actionsSignature(secret, events[0] as Record<string, unknown>) } },
      );
      return isAccepted(delivery.outcome) ? undefined : delivery;
    });
    if (!result.failed) return { status: 'pass' };
    return refusalFailure(
      context,
      result.failure,
      'a batch of events (a JSON array)',
      'With batching on, Webhooks (Actions) sends a JSON array of events, and X-Signature is the hex HMAC-SHA1 of the first event as JSON.stringify writes it, not of the whole body: parse the array, serialise its first element and verify that (a receiver that verifies the raw body refuses every batch).',
      false,
    );
  },
};
