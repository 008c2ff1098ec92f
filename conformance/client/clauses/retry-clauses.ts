import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import {
  connectionReset,
  describeFault,
  serverError,
  slowAnswer,
  tooManyRequests,
  type FaultStep,
} from '../fault-schedule.js';
import type { RecordedRequest } from '../request-log.js';
import { eventsOf, requestsCarrying, writeKeysOf } from '../wire-events.js';
import {
  acceptedCalls,
  clientClause,
  listed,
  failed,
  FOUNDATION,
  QUIET_MS,
  refusals,
  settled,
  topUp,
  undelivered,
} from './client-clause.js';
import { BACKSTOP_FLUSH_AFTER_MS } from './client-clause.js';

/** A few calls sent by one flush, with a fault schedule for the requests that carry them. */
interface FaultCase {
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

const faultCase = (context: ClientContext, faults: fc.Arbitrary<readonly FaultStep[]>) =>
  fc.record({
    calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 }),
    faults,
  });

/**
 * Plays a fault case: flushAt is the number of calls (filled up to the rules' 20 for a client that takes no
 * flushAt), so the last call sends them all as one batch, the schedule's first request; no flush. Waits until
 * they are delivered or the client goes quiet (QUIET_MS without a request: it gave up).
 */
async function playFaults(
  context: ClientContext,
  id: string,
  value: FaultCase,
  stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined,
  quietMs?: number,
): Promise<{ run: ClientRun; stopped?: string }> {
  const run = await context.begin(
    id,
    { flushAt: value.calls.length, flushAfterMs: BACKSTOP_FLUSH_AFTER_MS },
    value.faults,
  );
  await run.callAll(value.calls);
  await topUp(run);
  const outcome = await settled(context, run, stopWhen, quietMs);
  return { run, ...(outcome.stopped !== undefined ? { stopped: outcome.stopped } : {}) };
}

/** The first call whose event went out under more than one messageId. */
function renamedOnRetry(run: ClientRun) {
  const requests = run.requests();
  return run.calls.find(
    (call) =>
      new Set(
        requests.flatMap((r) =>
          eventsOf(r)
            .filter((e) => e.marker === call.marker)
            .map((e) => e.event.messageId),
        ),
      ).size > 1,
  );
}

const schedule = (faults: readonly FaultStep[]) => faults.map(describeFault).join(', ');

const carriesKey = (request: RecordedRequest, writeKey: string) => {
  const keys = writeKeysOf(request);
  return keys.basic === writeKey || keys.body === writeKey;
};

/** Runs of a rides-out clause. */
const RIDE_OUT_RUNS = 4;

/** The calls must reach a 2xx answer however many retryable faults came first. */
function ridesOut(
  id: string,
  title: string,
  spec: string,
  faults: fc.Arbitrary<readonly FaultStep[]>,
  advice: string,
  extra: { judgedAfter?: readonly string[] } = {},
): Clause<ClientContext> {
  // Each run waits out the client's backoff: among the longest clauses.
  const cost = 4;
  return clientClause<FaultCase>({
    id,
    level: 'MUST',
    title,
    spec,
    requires: FOUNDATION,
    ...(extra.judgedAfter !== undefined ? { judgedAfter: extra.judgedAfter } : {}),
    cost,
    arbitrary: (context) => faultCase(context, faults),
    // A failing run costs a quiet window: the first failure is reported as found (the values are small already).
    // Each run costs the client's real backoff (1-2 s, then 2-4 s for @segment/analytics-node), and the space is
    // small (one to four calls, one to three faults): four runs.
    property: { maxRuns: RIDE_OUT_RUNS, endOnFailure: true },
    async check(context, value, clauseId) {
      const { run } = await playFaults(context, clauseId, value);
      const keyless = run.requests().findIndex((r) => !carriesKey(r, context.writeKey));
      if (keyless > 0)
        return failed(
          run,
          `With the mock answering ${schedule(value.faults)} to the first requests, request ${keyless + 1} (a retry) did not carry the write key ${JSON.stringify(context.writeKey)}${run.requests()[keyless]?.status !== undefined ? ` and the mock answered ${run.requests()[keyless]?.status}` : ''}. A retry resends the same request: the write key too (Basic auth user name or "writeKey" in the body; rule 2.5, 5.3).`,
        );
      const renamed = renamedOnRetry(run);
      if (renamed !== undefined)
        return failed(
          run,
          `With the mock answering ${schedule(value.faults)} to the first requests, call ${renamed.index} (${renamed.op}) was retried under another messageId. A retry resends the same events with the same messageIds: when the service did take a request whose answer was lost, it drops the repeat by messageId; a new id makes it a second event (docs/decisions.md).`,
        );
      const lost = undelivered(run);
      if (lost.length === 0) return undefined;
      const attempts = requestsCarrying(run.requests(), acceptedCalls(run)[0]?.marker ?? '').length;
      return failed(
        run,
        `The mock answered the first request(s) ${schedule(value.faults)}, and calls ${listed(lost)} were never delivered: the batch was sent ${attempts} time${attempts === 1 ? '' : 's'} in all, and no request came for ${QUIET_MS} ms after the last answer (no flush or close was asked for: the batch left through flushAt ${run.config.flushAt}).${refusals(run)} ${advice}`,
      );
    },
  });
}

export const retry5xxClause = ridesOut(
  '7.retry.5xx',
  'retries a batch answered with a 5xx until it is accepted',
  'rule 7 (5xx is retried); docs/decisions.md',
  fc.array(serverError(), { minLength: 1, maxLength: 3 }),
  'A 5xx is a transient failure of the service: keep the batch and send it again, with backoff, until a 2xx (rule 7; docs/decisions.md).',
);

export const retry429Clause = ridesOut(
  '7.retry.429',
  'retries a batch answered with 429',
  'docs/decisions.md (429 is retried)',
  fc.array(tooManyRequests(), { minLength: 1, maxLength: 2 }),
  '429 asks the client to slow down, not to drop the batch: retry it with backoff (docs/decisions.md).',
  { judgedAfter: ['7.retry.5xx'] },
);

export const resetClause = ridesOut(
  '7.reset',
  'survives a connection reset without an answer, and delivers the batch',
  'rule 7 (retried later); docs/decisions.md (network errors are retried)',
  fc.array(connectionReset(), { minLength: 1, maxLength: 2 }),
  'A connection dropped without an answer is a network error: catch it (it must not crash the process) and retry the batch (docs/decisions.md).',
  { judgedAfter: ['7.retry.5xx'] },
);

export const slowServerClause = ridesOut(
  '7.slow-server',
  'delivers through a slow server (answers delayed up to 800 ms)',
  'rule 7, 8',
  fc.array(slowAnswer(800), { minLength: 1, maxLength: 2 }),
  'Wait for the answer (a request timeout of several seconds), or retry a timed-out request with the same messageIds.',
  {},
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
  spec: 'docs/decisions.md (429 is retried honouring Retry-After)',
  requires: FOUNDATION,
  // Judged after, not waiting for them: with several drivers it runs beside them (its 1 s waits are not added to theirs).
  judgedAfter: ['7.retry.5xx', '7.retry.429'],
  cost: 2,
  // Retry-After counts whole seconds: each run costs a real second, so few runs.
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'retry-after', seconds: 1 }])),
  property: { maxRuns: 2 },
  async check(context, value, id) {
    const { run } = await playFaults(context, id, value);
    const [first] = waits(run.requests(), acceptedCalls(run)[0]?.marker ?? '');
    if (first === undefined)
      return failed(
        run,
        'After a 429 with Retry-After: 1 the batch was never sent again; retry it once the Retry-After has passed (docs/decisions.md).',
      );
    if (first < 1_000 - TOLERANCE_MS)
      return failed(
        run,
        `After a 429 with Retry-After: 1, the batch was sent again less than 1000 ms later${first < 500 ? " (less than 500 ms: the client's own backoff, not the header)" : ''}. Read Retry-After (seconds or an HTTP date) and wait at least that long before the retry; it replaces the backoff (docs/decisions.md).`,
      );
    return undefined;
  },
});

/** Sessions of three 503s whose waits 7.backoff compares: with full jitter one sample proves little, the median of several does. */
const BACKOFF_SAMPLES = 4;

export const backoffClause: Clause<ClientContext> = {
  id: '7.backoff',
  level: 'SHOULD',
  title: 'waits longer before each further retry (exponential backoff), judged over several sessions',
  spec: 'docs/decisions.md (exponential backoff with jitter)',
  requires: FOUNDATION,
  // Its twelve backoff waits are the longest of the suite for a client with a slow backoff: it runs beside 7.retry.5xx.
  judgedAfter: ['7.retry.5xx'],
  // Four sessions of three retries each: the longest clause against a client whose backoff starts at 1 s.
  cost: 10,
  async run(context) {
    context.enter('7.backoff');
    const firsts: number[] = [];
    const thirds: number[] = [];
    const seen: string[] = [];
    let last: ClientRun | undefined;
    const calls: CallSpec[] = [{ op: 'track', identity: 'userId', data: {} }];
    for (let sample = 0; sample < BACKOFF_SAMPLES; sample++) {
      const { run } = await playFaults(context, '7.backoff', {
        calls,
        faults: [
          { kind: 'status', status: 503 },
          { kind: 'status', status: 503 },
          { kind: 'status', status: 503 },
        ],
      });
      last = run;
      const gaps = waits(run.requests(), acceptedCalls(run)[0]?.marker ?? '');
      seen.push(gaps.map((g) => Math.round(g)).join(', '));
      const [first, , third] = gaps;
      if (first === undefined || third === undefined)
        return {
          status: 'fail',
          message: `After three 503 answers the batch was sent ${gaps.length + 1} times; expected four attempts.`,
          counterexample: run.counterexample(),
        };
      firsts.push(first);
      thirds.push(third);
    }
    // The median of the samples: one wait stretched by a loaded machine does not decide the verdict.
    const median = (values: readonly number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length / 2;
      return sorted.length % 2 === 0
        ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
        : (sorted[Math.floor(middle)] ?? 0);
    };
    // Doubling makes the third wait four times the first, typically, whatever the jitter (full, equal or
    // Segment's 1-2x); 1.5x of the medians leaves room for timer noise and chance, and a fixed interval stays near 1x.
    if (median(thirds) >= median(firsts) * BACKOFF_GROWTH) return { status: 'pass' };
    return {
      status: 'fail',
      message: `Over ${BACKOFF_SAMPLES} sessions of three 503 answers, the median wait before the third retry (${Math.round(median(thirds))} ms) was not ${BACKOFF_GROWTH} times the median wait before the first (${Math.round(median(firsts))} ms); the waits were ${seen.map((s) => `[${s}]`).join(', ')} ms. Double the delay on each retry (with jitter), so a struggling service is not hammered by every client at once (docs/decisions.md).`,
      ...(last !== undefined ? { counterexample: last.counterexample() } : {}),
    };
  },
};

/** How long after a 400 a resend is watched for (a retry comes after the client's backoff: well under this). */
const NO_RETRY_WATCH_MS = 2_500;

export const noRetry400Clause = clientClause<FaultCase>({
  id: '7.no-retry-400',
  level: 'MUST',
  title: 'never retries a batch answered with 400',
  spec: 'docs/decisions.md (400 is never retried)',
  requires: FOUNDATION,
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'status', status: 400 }])),
  // A passing run waits out a watch window after the 400: one run (the calls do not change the verdict).
  property: { maxRuns: 1 },
  cost: 2,
  async check(context, value, id) {
    const resent = (requests: readonly RecordedRequest[]) => {
      const refusedWith400 = requests.find((r) => r.status === 400);
      if (refusedWith400 === undefined) return undefined;
      const markers = new Set(eventsOf(refusedWith400).map((e) => e.marker));
      const again = requests.filter(
        (r) =>
          r !== refusedWith400 &&
          r.receivedAt >= refusedWith400.receivedAt &&
          eventsOf(r).some((e) => markers.has(e.marker)),
      );
      return again.length === 0
        ? undefined
        : `The batch the mock refused with 400 was sent again${again[0]?.receivedAt !== undefined ? ` ${Math.round(again[0].receivedAt - (refusedWith400.respondedAt ?? refusedWith400.receivedAt))} ms later` : ''}. A 400 means the request itself is wrong (bad JSON, over a size limit): sending it again cannot succeed, so drop it and report the failure (docs/decisions.md).`;
    };
    // The batch leaves through flushAt; the quiet window after the 400 is where a retry would come. Close only
    // afterwards, so a client that would retry is not let off by a close that abandons the batch.
    const { run, stopped } = await playFaults(context, id, value, resent, NO_RETRY_WATCH_MS);
    if (stopped !== undefined) return failed(run, stopped);
    if (!run.requests().some((r) => r.status === 400))
      return failed(
        run,
        `The batch never reached the mock within ${QUIET_MS} ms, so the 400 could not be answered. A batch leaves when flushAt (${run.config.flushAt}) calls are queued (rule 4.3.2).`,
      );
    await run.end('close', { stopWhen: resent, timeoutMs: NO_RETRY_WATCH_MS });
    const finding = resent(run.requests());
    if (finding !== undefined) return failed(run, `${finding} (while closing)`);
    return undefined;
  },
});

export const retryClauses: readonly Clause<ClientContext>[] = [
  retry5xxClause,
  retry429Clause,
  retryAfterClause,
  backoffClause,
  noRetry400Clause,
  resetClause,
  slowServerClause,
];
