import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import type { CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { acceptedCalls, clientClause, failed, FOUNDATION } from './client-clause.js';
import { type FaultCase, faultCase, playFaults, retryWaits } from './fault-case.js';

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
    const [first] = retryWaits(run.requests(), acceptedCalls(run)[0]?.marker ?? '');
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

/** How long an e2e CLI waits before its call in 7.backoff: past the start-up of the CLIs started beside it (on a loaded
 * machine four Node CLIs starting at once took over a second, and a retry timed meanwhile was stretched by 200 ms). */
const E2E_LEAD_MS = 2_000;

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
    // Through an e2e CLI the sessions start side by side: each waits a moment before its call, so its retries are not
    // timed while the CLIs beside it are still starting (a burst of CPU that delayed a 100 ms timer by 700 ms).
    const lead = context.protocol === 'e2e-cli' ? E2E_LEAD_MS : 0;
    const session = (on: ClientContext) =>
      playFaults(
        on,
        '7.backoff',
        {
          calls,
          faults: [
            { kind: 'status', status: 503 },
            { kind: 'status', status: 503 },
            { kind: 'status', status: 503 },
          ],
        },
        undefined,
        undefined,
        lead,
      );
    // Side by side where the worker has several lanes (the e2e-cli protocol), one after another otherwise.
    const lanes = context.lanes;
    for (let sample = 0; sample < BACKOFF_SAMPLES; sample += lanes.length) {
      const count = Math.min(lanes.length, BACKOFF_SAMPLES - sample);
      for (const { run } of await Promise.all(lanes.slice(0, count).map(session))) {
        last = run;
        const gaps = retryWaits(run.requests(), acceptedCalls(run)[0]?.marker ?? '');
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
