import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { connectionReset, describeFault, serverError, slowAnswer, tooManyRequests, type FaultStep } from '../fault-schedule.js';
import type { RecordedRequest } from '../request-log.js';
import { eventsOf, requestsCarrying } from '../wire-events.js';
import { clientClause, failed, FOUNDATION, flushed, refusedValidCall, undelivered, type RunFailure } from './client-clause.js';

/** A few calls sent by one flush, with a fault schedule for the requests that carry them. */
interface FaultCase {
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

const faultCase = (context: ClientContext, faults: fc.Arbitrary<readonly FaultStep[]>) =>
  fc.record({ calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 }), faults });

async function playFaults(context: ClientContext, id: string, value: FaultCase): Promise<{ run: ClientRun; failure: RunFailure | undefined }> {
  // One flush sends every call, so the schedule's first request is the batch of all of them.
  const run = await context.begin(id, { flushAt: 100, flushAfterMs: 60_000 }, value.faults);
  await run.callAll(value.calls);
  return { run, failure: refusedValidCall(run) ?? (await flushed(run)) };
}

/** The first call whose event went out under more than one messageId. */
function renamedOnRetry(run: ClientRun) {
  const requests = run.requests();
  return run.calls.find((call) => new Set(requests.flatMap((r) => eventsOf(r).filter((e) => e.marker === call.marker).map((e) => e.event.messageId))).size > 1);
}

const schedule = (faults: readonly FaultStep[]) => faults.map(describeFault).join(', ');

/** The calls must reach a 2xx answer however many retryable faults came first. */
function ridesOut(id: string, title: string, spec: string, faults: fc.Arbitrary<readonly FaultStep[]>, advice: string, extra: { requires?: readonly string[]; needs?: readonly ('retry' | 'retryAfter')[] } = {}): Clause<ClientContext> {
  return clientClause<FaultCase>({
    id,
    level: 'MUST',
    title,
    spec,
    requires: [...FOUNDATION, ...(extra.requires ?? [])],
    needs: extra.needs ?? ['retry'],
    arbitrary: (context) => faultCase(context, faults),
    property: { maxRuns: 8 },
    async check(context, value, clauseId) {
      const { run, failure } = await playFaults(context, clauseId, value);
      if (failure !== undefined) return { ...failure, message: `With the mock answering ${schedule(value.faults)} to the first requests: ${failure.message}` };
      const renamed = renamedOnRetry(run);
      if (renamed !== undefined) return failed(run, `With the mock answering ${schedule(value.faults)} to the first requests, call ${renamed.index} (${renamed.op}) was retried under another messageId. A retry resends the same events with the same messageIds: when the service did take a request whose answer was lost, it drops the repeat by messageId; a new id makes it a second event (DESIGN 2).`);
      const lost = undelivered(run);
      if (lost.length === 0) return undefined;
      const attempts = requestsCarrying(run.requests(), run.calls[0]?.marker ?? '').length;
      return failed(run, `The mock answered the first request(s) ${schedule(value.faults)}, and calls ${lost.join(', ')} were never delivered: the batch was sent ${attempts} time${attempts === 1 ? '' : 's'} in all. ${advice}`);
    },
  });
}

export const retry5xxClause = ridesOut(
  '7.retry.5xx',
  'retries a batch answered with a 5xx until it is accepted',
  'SPEC 7 (5xx is retried); DESIGN 2',
  fc.array(serverError(), { minLength: 1, maxLength: 3 }),
  'A 5xx is a transient failure of the service: keep the batch and send it again, with backoff, until a 2xx (SPEC 7; DESIGN 2).',
);

export const retry429Clause = ridesOut(
  '7.retry.429',
  'retries a batch answered with 429',
  'DESIGN 2 (429 is retried)',
  fc.array(tooManyRequests(), { minLength: 1, maxLength: 2 }),
  '429 asks the client to slow down, not to drop the batch: retry it with backoff (DESIGN 2).',
  { requires: ['7.retry.5xx'] },
);

export const resetClause = ridesOut(
  '7.reset',
  'survives a connection reset without an answer, and delivers the batch',
  'SPEC 7 (retried later); DESIGN 2 (network errors are retried)',
  fc.array(connectionReset(), { minLength: 1, maxLength: 2 }),
  'A connection dropped without an answer is a network error: catch it (it must not crash the process) and retry the batch (DESIGN 2).',
  { requires: ['7.retry.5xx'] },
);

export const slowServerClause = ridesOut(
  '7.slow-server',
  'delivers through a slow server (answers delayed up to 800 ms)',
  'SPEC 7, 8',
  fc.array(slowAnswer(800), { minLength: 1, maxLength: 2 }),
  'Wait for the answer (a request timeout of several seconds), or retry a timed-out request with the same messageIds.',
  { needs: [] },
);

/** The gap between a request's answer and the next request carrying the same first call: the client's wait. */
function waits(requests: readonly RecordedRequest[], marker: string): number[] {
  const attempts = requestsCarrying(requests, marker);
  const gaps: number[] = [];
  for (let i = 1; i < attempts.length; i++) {
    const previous = attempts[i - 1]!;
    gaps.push(attempts[i]!.receivedAt - (previous.respondedAt ?? previous.receivedAt));
  }
  return gaps;
}

/** How much longer the third retry's wait must be than the first's for the backoff to count as growing. */
const BACKOFF_GROWTH = 1.5;

/** Timer and scheduling noise allowed on a measured wait. */
const TOLERANCE_MS = 25;

export const retryAfterClause = clientClause<FaultCase>({
  id: '7.retry-after',
  level: 'MUST',
  title: 'waits at least the Retry-After of a 429 before retrying',
  spec: 'DESIGN 2 (429 is retried honouring Retry-After)',
  requires: [...FOUNDATION, '7.retry.5xx', '7.retry.429'],
  needs: ['retry', 'retryAfter'],
  // Retry-After counts whole seconds: each run costs a real second, so few runs.
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'retry-after', seconds: 1 }])),
  property: { maxRuns: 2 },
  async check(context, value, id) {
    const { run, failure } = await playFaults(context, id, value);
    if (failure !== undefined) return failure;
    const [first] = waits(run.requests(), run.calls[0]?.marker ?? '');
    if (first === undefined) return failed(run, 'After a 429 with Retry-After: 1 the batch was never sent again; retry it once the Retry-After has passed (DESIGN 2).');
    if (first < 1_000 - TOLERANCE_MS) return failed(run, `After a 429 with Retry-After: 1, the batch was sent again less than 1000 ms later${first < 500 ? ' (less than 500 ms: the client\'s own backoff, not the header)' : ''}. Read Retry-After (seconds or an HTTP date) and wait at least that long before the retry; it replaces the backoff (DESIGN 2).`);
    return undefined;
  },
});

export const backoffClause = clientClause<FaultCase>({
  id: '7.backoff',
  level: 'SHOULD',
  title: 'waits longer before each further retry (exponential backoff)',
  spec: 'DESIGN 2 (exponential backoff with jitter)',
  requires: [...FOUNDATION, '7.retry.5xx'],
  needs: ['retry'],
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 }])),
  property: { maxRuns: 3 },
  async check(context, value, id) {
    const { run, failure } = await playFaults(context, id, value);
    if (failure !== undefined) return failure;
    const gaps = waits(run.requests(), run.calls[0]?.marker ?? '');
    const [first, , third] = gaps;
    if (first === undefined || third === undefined) return failed(run, `After three 503 answers the batch was sent ${gaps.length + 1} times; expected four attempts.`);
    // Doubling with equal jitter (or Segment's 1-2x) makes the third wait at least twice the first; 1.5x leaves
    // room for timer noise, and a fixed or merely jittered interval does not reach it.
    if (third >= first * BACKOFF_GROWTH) return undefined;
    return failed(run, `After three 503 answers, the wait before the third retry (${Math.round(third)} ms) was not ${BACKOFF_GROWTH} times the wait before the first (${Math.round(first)} ms); the waits were ${gaps.map((g) => Math.round(g)).join(', ')} ms. Double the delay on each retry (with jitter), so a struggling service is not hammered by every client at once (DESIGN 2).`);
  },
});

export const noRetry400Clause = clientClause<FaultCase>({
  id: '7.no-retry-400',
  level: 'MUST',
  title: 'never retries a batch answered with 400',
  spec: 'DESIGN 2 (400 is never retried)',
  requires: FOUNDATION,
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'status', status: 400 }])),
  property: { maxRuns: 6 },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: 100, flushAfterMs: 60_000 }, value.faults);
    await run.callAll(value.calls);
    const refused = refusedValidCall(run);
    if (refused !== undefined) return refused;
    const resent = (requests: readonly RecordedRequest[]) => {
      const refusedWith400 = requests.find((r) => r.status === 400);
      if (refusedWith400 === undefined) return undefined;
      const markers = new Set(eventsOf(refusedWith400).map((e) => e.marker));
      const again = requests.filter((r) => r !== refusedWith400 && r.receivedAt >= refusedWith400.receivedAt && eventsOf(r).some((e) => markers.has(e.marker)));
      return again.length === 0 ? undefined : `The batch the mock refused with 400 was sent again. A 400 means the request itself is wrong (bad JSON, over a size limit): sending it again cannot succeed, so drop it and report the failure (DESIGN 2).`;
    };
    const outcome = await run.end('flush', { stopWhen: resent });
    const finding = resent(run.requests());
    if (finding !== undefined) return failed(run, finding);
    const problem = run.problem(outcome, 'flush');
    if (problem !== undefined) return failed(run, `After a 400 answer, ${problem}. flush must settle: a batch refused with 400 is done (failed), not pending.`);
    return undefined;
  },
});

export const retryClauses: readonly Clause<ClientContext>[] = [retry5xxClause, retry429Clause, retryAfterClause, backoffClause, noRetry400Clause, resetClause, slowServerClause];
