import fc from 'fast-check';
import { checkProperty } from '../../framework/check-property.js';
import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import { everydayPayload, withUnknownFields } from '../receiver-payloads.js';
import { answerClass, describeOutcome, isAccepted, type DeliveryOutcome } from '../send-delivery.js';
import { acceptanceClause, CONTENT_PREREQUISITES, refusalFailure, skipUnsupported } from './acceptance-clause.js';

export const unknownFieldsClause = acceptanceClause({
  id: '2.2.unknown-fields',
  level: 'SHOULD',
  title: 'tolerates fields the documented payloads do not show',
  spec: 'rule 2.2 ("other context fields: not shown"), 9',
  what: 'a delivery with fields beyond the documented ones',
  advice:
    'The live service adds fields (channel, receivedAt, sentAt, ...) and context entries the documentation does not show; ignore unknown fields instead of rejecting the body (no additionalProperties: false).',
  payloads: withUnknownFields,
});

export const redeliveryClause: Clause<ReceiverContext> = {
  id: '7.redelivery.idempotent',
  level: 'SHOULD',
  title: 'answers a redelivery of the same messageId as it answered the first delivery',
  spec: 'rule 7 (timeouts and 5xx are retried)',
  requires: CONTENT_PREREQUISITES,
  skipReason: skipUnsupported('redelivery'),
  async run(context, env) {
    const payloads = context.shaped(everydayPayload(), env);
    const result = await context.check(env, '7.redelivery.idempotent', payloads, async (payload) => {
      const body = context.bodyOf(payload, '7.redelivery.idempotent');
      const first = await context.deliver(body);
      const second = await context.deliver(body);
      return answerClass(first.outcome) === answerClass(second.outcome) ? undefined : { first, second };
    });
    if (!result.failed) return { status: 'pass' };
    const { first, second } = result.failure;
    return {
      status: 'fail',
      message: `The same delivery sent twice was answered ${describeOutcome(first.outcome)} the first time and ${describeOutcome(second.outcome)} the second. The service redelivers after timeouts and 5xx (rule 7), so the same messageId arrives again: treat a messageId already processed as success (2xx) without processing it twice.`,
      counterexample: context.counterexample(second),
      path: result.path,
    };
  },
};

export const concurrencyClause: Clause<ReceiverContext> = {
  id: '4.1.concurrent',
  level: 'SHOULD',
  title: 'accepts deliveries that arrive at the same time',
  spec: 'rule 4.1.1 (one request per event, sent in real time)',
  requires: CONTENT_PREREQUISITES,
  skipReason: (context) =>
    skipUnsupported('concurrency')(context) ??
    (context.concurrency < 2
      ? `the suite runs with concurrency ${context.concurrency} (--concurrency): nothing is sent at the same time`
      : undefined),
  async run(context, env) {
    // The configured concurrency whole, even when the suite lowered its own bound after refusals under load:
    // this clause is the one that judges how the receiver copes with deliveries arriving together.
    const batch = fc.array(context.shaped(everydayPayload(), env), {
      minLength: context.concurrency,
      maxLength: context.concurrency,
    });
    const result = await checkProperty(
      env,
      batch,
      async (payloads) => {
        const deliveries = await Promise.all(
          payloads.map((payload) => context.deliver(context.bodyOf(payload, '4.1.concurrent'))),
        );
        const refused = deliveries.find((d) => !isAccepted(d.outcome));
        return refused === undefined
          ? undefined
          : { refused, count: deliveries.filter((d) => !isAccepted(d.outcome)).length };
      },
      // One run is a whole batch in flight (the suite's whole concurrency, 100 by default): 4 batches at the
      // default 100 runs. Shrinking would only shorten a batch that must stay full.
      { maxRuns: Math.max(1, Math.ceil(env.runs / 25)), endOnFailure: true },
    );
    if (!result.failed) return { status: 'pass' };
    const { refused, count } = result.failure;
    const failure = await refusalFailure(
      context,
      refused,
      `one of ${context.concurrency} deliveries sent at the same time (${count} of them were not accepted)`,
      concurrentRefusalAdvice(refused.outcome, context.concurrency),
      false,
    );
    return { ...failure, path: result.path };
  },
};

/**
 * What to change when one of `concurrency` deliveries sent together was not accepted. A connection the receiver
 * never took is its listen backlog; so is, often, silence from a receiver that answers one delivery at a time
 * (a full accept queue drops the handshake's last packet, and the client's connection looks open).
 */
export function concurrentRefusalAdvice(outcome: DeliveryOutcome, concurrency: number): string {
  const overlap = 'Events are forwarded in real time, one request per event, so deliveries overlap';
  const serialise = 'do not serialise on a single lock or connection and answer "busy"; queue the work instead';
  const backlog = `(Python's http.server and socketserver queue 5: raise request_queue_size; behind a proxy, raise its backlog)`;
  if (outcome.kind === 'no-answer' && !outcome.connected)
    return `The connection itself was not accepted: the receiver's listen backlog is likely shorter than ${concurrency} connections arriving together ${backlog}. ${overlap}.`;
  if (outcome.kind === 'answer' && outcome.status === 429)
    return `${overlap}. The service retries a 429 with backoff, so the event is not lost, but it comes back later and again together with others: allow bursts of ${concurrency} deliveries, or queue the work and answer 2xx at once.`;
  if (outcome.kind === 'no-answer')
    return `${overlap}: ${serialise}. Silence under load alone can also be a listen backlog shorter than ${concurrency} connections ${backlog}.`;
  return `${overlap}: ${serialise}.`;
}
