import fc from 'fast-check';
import { actionsData, redactUrlPasswords, serializePayload, signPayload, type Clock } from '../../src/index.js';
import type { PropertyOptions, PropertyResult } from '../framework/check-property.js';
import type { ClauseEnv } from '../framework/clause.js';
import { checkPropertyConcurrently } from './concurrent-property.js';
import { createDeliveryLimit, type DeliveryLimit } from './delivery-limit.js';
import { anyShape, isObserved, OBSERVED_CLAUSE, observedMessageId, shaped } from './delivery-shapes.js';
import type { DeliveryOutcome, DeliverySender } from './send-delivery.js';
import { isAccepted } from './send-delivery.js';
import { diagnoseSignatureRefusal } from './signature-forensics.js';
import type { ReceiverSupports, ReceiverTarget } from './receiver-target.js';

/** The request exactly as sent (headers in the case we sent them). */
export interface SentRequest {
  readonly method: 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Delivery {
  readonly request: SentRequest;
  readonly outcome: DeliveryOutcome;
}

export interface DeliverOptions {
  /** 'valid' (default: signed when a secret is set), 'none', or this exact X-Signature value. */
  readonly signature?: 'valid' | 'none' | { readonly value: string };
  /** Static headers to leave out, or to send with another value. */
  readonly withoutHeaders?: readonly string[];
  readonly headerValues?: Readonly<Record<string, string>>;
  /** Static headers to send besides the configured ones (drawn by the suite when none were given). */
  readonly extraHeaders?: Readonly<Record<string, string>>;
  /**
   * How long to wait for the answer; default the answer deadline (rule 4.1): an answer after it is a timeout in
   * every clause, as the service counts it.
   */
  readonly waitMs?: number;
}

/** A value no one configures, sent in place of a static header's value; safe to print. */
export const WRONG_HEADER_VALUE = 'not-the-configured-value';

/** What every receiver clause works with: the target, the limits, and a way to deliver as the service does. */
export interface ReceiverContext {
  readonly target: ReceiverTarget;
  readonly supports: Required<ReceiverSupports>;
  readonly timeoutMs: number;
  /** The User-Agent of every delivery (Segment (Actions) for --destination actions). */
  readonly userAgent: string;
  /** The receiver stands behind Webhooks (Actions): bodies are that destination's (see `bodyOf`). */
  readonly actions: boolean;
  /** Webhooks (Actions) with batching: the mapping's batch size (`--batch-size`); undefined when it does not batch. */
  readonly batchSize: number | undefined;
  /** The configured bound on deliveries in flight (`--concurrency`); 4.1.concurrent sends this many at once. */
  readonly concurrency: number;
  /** The bound in force now: lowered when a receiver turns out not to be safe under concurrent deliveries. */
  readonly limit: DeliveryLimit;
  readonly clock: Clock;
  /**
   * A clause's property whose examples are independent deliveries: run at most `limit.current` at once, with
   * the verdict, counterexample and replay path of the sequential run (see concurrent-property.ts).
   * `clauseId` is the key its predicate numbers messageIds with (`bodyOf(payload, clauseId)`).
   */
  check<T, F>(
    env: ClauseEnv,
    clauseId: string,
    arbitrary: fc.Arbitrary<T>,
    predicate: (value: T) => Promise<F | undefined>,
    options?: PropertyOptions,
  ): Promise<PropertyResult<T, F>>;
  deliver(body: string, options?: DeliverOptions): Promise<Delivery>;
  /**
   * The payloads of `arbitrary` in both shapes receivers meet (documented, and observed in real deliveries:
   * version 2, projectId, writeKey, no sentAt, api- ids), or in the documented one alone once the clause about the
   * observed shape failed, so that finding is named once, by its own clause.
   */
  shaped(arbitrary: fc.Arbitrary<Record<string, unknown>>, env: ClauseEnv): fc.Arbitrary<Record<string, unknown>>;
  /**
   * A copy of the payload with a messageId unique in this run (the service never repeats one), then serialised;
   * for Webhooks (Actions), as that destination sends the event (no `version`, the forwarded fields added).
   */
  bodyOf(payload: Record<string, unknown>, clauseId: string): string;
  /** The delivery as a report shows it: configured header values redacted, the answer in words. */
  counterexample(delivery: Delivery): Record<string, unknown>;
  /** When a validly signed body was refused: which common signing mistake the receiver makes, if any. */
  explainRefusal(delivery: Delivery): Promise<string | undefined>;
}

export function createReceiverContext(options: {
  target: ReceiverTarget;
  supports: Required<ReceiverSupports>;
  timeoutMs: number;
  concurrency: number;
  userAgent: string;
  actions: boolean;
  batchSize: number | undefined;
  clock: Clock;
  sender: DeliverySender;
  describe: (outcome: DeliveryOutcome) => string;
  /** Part of every messageId: runs with other seeds never repeat one; a replay with the same seed does, as a redelivery would. */
  seed: number;
}): ReceiverContext {
  const { target, sender } = options;
  const staticHeaders = target.headers ?? {};
  const counters = new Map<string, number>();
  const limit = createDeliveryLimit(options.concurrency);
  // Whether answers slow down with load: the fastest answer so far, and how many deliveries are in flight now.
  let fastestMs = Number.POSITIVE_INFINITY;
  let inFlight = 0;
  const context: ReceiverContext = {
    target,
    supports: options.supports,
    timeoutMs: options.timeoutMs,
    userAgent: options.userAgent,
    actions: options.actions,
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    limit,
    clock: options.clock,
    check(env, clauseId, arbitrary, predicate, propertyOptions = {}) {
      return checkPropertyConcurrently(env, arbitrary, predicate, {
        ...propertyOptions,
        limit,
        onScreened: (numRuns) => counters.set(clauseId, Math.max(counters.get(clauseId) ?? 0, numRuns)),
      });
    },
    async deliver(body, deliverOptions = {}) {
      const headers: Record<string, string> = { 'User-Agent': options.userAgent, 'Content-Type': 'application/json' };
      const mode = deliverOptions.signature ?? 'valid';
      if (mode === 'valid' && target.secret !== undefined) headers['X-Signature'] = signPayload(target.secret, body);
      else if (typeof mode === 'object') headers['X-Signature'] = mode.value;
      for (const [key, value] of Object.entries(staticHeaders)) {
        if (deliverOptions.withoutHeaders?.includes(key) === true) continue;
        headers[key] = deliverOptions.headerValues?.[key] ?? value;
      }
      Object.assign(headers, deliverOptions.extraHeaders);
      const sentUnder = limit.current;
      const crowded = ++inFlight > 1;
      const outcome = await sender
        .send(target.url, headers, body, deliverOptions.waitMs ?? options.timeoutMs)
        .finally(() => inFlight--);
      if (outcome.kind === 'answer') {
        fastestMs = Math.min(fastestMs, outcome.elapsedMs);
        // A receiver that queues deliveries answers later the more it holds: past half the deadline, and more
        // than twice its fastest answer, fewer at once, before the queue reaches the deadline (where 4.1.timeout
        // would judge the suite's load instead of the receiver). Once per bound: answers sent under a bound
        // already lowered do not lower it again.
        if (
          crowded &&
          sentUnder === limit.current &&
          outcome.elapsedMs > options.timeoutMs / 2 &&
          outcome.elapsedMs > 2 * fastestMs
        )
          limit.lower();
      }
      return { request: { method: 'POST', url: target.url, headers, body }, outcome };
    },
    shaped(arbitrary, env) {
      const observed = !options.actions && env.statuses?.get(OBSERVED_CLAUSE) !== 'fail';
      return fc.tuple(arbitrary, anyShape(observed)).map(([payload, shape]) => shaped(payload, shape));
    },
    bodyOf(payload, clauseId) {
      if (payload.type === 'delete') return serializePayload(payload);
      const n = (counters.get(clauseId) ?? 0) + 1;
      counters.set(clauseId, n);
      const key = `eh-${options.seed}-${clauseId}-${n}`;
      const numbered = { ...payload, messageId: isObserved(payload) ? observedMessageId(payload, key) : key };
      return serializePayload(options.actions ? actionsData(numbered) : numbered);
    },
    counterexample({ request, outcome }) {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers))
        headers[key] = Object.hasOwn(staticHeaders, key) && staticHeaders[key] === value ? '<configured value>' : value;
      return {
        method: request.method,
        url: redactUrlPasswords(request.url),
        headers,
        body: request.body,
        answer: options.describe(outcome),
      };
    },
    async explainRefusal(delivery) {
      const secret = target.secret;
      const { outcome } = delivery;
      if (secret === undefined || outcome.kind !== 'answer' || outcome.status < 400 || outcome.status >= 500)
        return undefined;
      return diagnoseSignatureRefusal(
        secret,
        delivery.request.body,
        async (signature) =>
          isAccepted((await context.deliver(delivery.request.body, { signature: { value: signature } })).outcome),
        limit.current,
      );
    },
  };
  return context;
}
