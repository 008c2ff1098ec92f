import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import { anyPlainPayload, nearLimitPayload } from '../receiver-payloads.js';
import { describeReaction } from '../send-delivery.js';
import { TIMEOUT_CLAUSE } from './acceptance-clause.js';

/** The kinds the target receives: those it declares it handles. */
const included = (context: ReceiverContext) => ({
  delete: context.supports.delete,
  audiences: context.supports.audiences,
});

export const noRedirectClause: Clause<ReceiverContext> = {
  id: '4.1.no-redirect',
  level: 'MUST',
  title: 'never answers with a redirect (3xx)',
  spec: 'rule 4.1; docs/decisions.md (redirects are not followed)',
  requires: [TIMEOUT_CLAUSE],
  async run(context, env) {
    const payloads = context.shaped(anyPlainPayload(included(context)), env);
    const result = await context.check(env, '4.1.no-redirect', payloads, async (payload) => {
      const delivery = await context.deliver(context.bodyOf(payload, '4.1.no-redirect'));
      return delivery.outcome.kind === 'answer' && delivery.outcome.status >= 300 && delivery.outcome.status < 400
        ? delivery
        : undefined;
    });
    if (!result.failed) return { status: 'pass' };
    return {
      status: 'fail',
      message: `The receiver ${describeReaction(result.failure.outcome)}. The service does not follow redirects: a 3xx answer is a failed delivery that is never retried. Configure the final URL in the destination (scheme, host and exact path, trailing slash included) or answer 2xx at this one.`,
      counterexample: context.counterexample(result.failure),
      path: result.path,
    };
  },
};

/**
 * The first clause, which every other one builds on: each of their deliveries waits at most the deadline too, and
 * an answer after it is a timeout there as well, so a receiver slower than the deadline is judged here once, at
 * once, and every other clause is reported as not checked until this one passes.
 */
export const timeoutClause: Clause<ReceiverContext> = {
  id: TIMEOUT_CLAUSE,
  level: 'MUST',
  title: 'answers every delivery within the deadline (5 s; Webhooks (Actions): 10 s)',
  spec: 'rule 4.1, 7, 8',
  async run(context, env) {
    const payloads = context.shaped(fc.oneof(anyPlainPayload(included(context)), nearLimitPayload()), env);
    const result = await context.check(
      env,
      '4.1.timeout',
      payloads,
      async (payload) => {
        const delivery = await context.deliver(context.bodyOf(payload, '4.1.timeout'), { waitMs: context.timeoutMs });
        return delivery.outcome.kind === 'no-answer' ? delivery : undefined;
      },
      // Each failing run costs a whole deadline, so the first slow delivery is reported as found, unshrunk.
      { endOnFailure: true, maxRuns: 50 },
    );
    if (!result.failed) return { status: 'pass' };
    const bytes = Buffer.byteLength(result.failure.request.body);
    return {
      status: 'fail',
      message: `The receiver gave no complete answer within ${context.timeoutMs} ms to a ${bytes}-byte delivery. rule 4.1: the answer must arrive within the deadline (${context.actions ? "Webhooks (Actions)' 10 s" : '5 s'}), or the service logs a timeout and delivers the event again later: an answer after the deadline counts for nothing, in every clause. Answer first and do slow work (storage, downstream calls, parsing large bodies) afterwards, e.g. through a queue.`,
      counterexample: context.counterexample(result.failure),
      path: result.path,
    };
  },
};
