import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { describeFault, serverError, type FaultStep } from '../fault-schedule.js';
import { allEvents, eventsOf, isSuccess } from '../wire-events.js';
import { acceptedCalls, clientClause, failed, FOUNDATION, refusals, sleep, topUp } from './client-clause.js';
import { SPEC_FLUSH_AT } from '../client-context.js';
import { checkFlushAfterThroughCli, checkFlushAtThroughCli, E2E_FLUSH_AFTER_VALUES } from './e2e-flush-plans.js';

/** How long the flush-at clause waits for batches it expects: generous, since the flush is due at once. */
const FLUSH_AT_WAIT_MS = 1_000;
/** How long it then waits for requests it must not see (a flush below flushAt). */
const QUIET_MS = 60;

const ourEvents = (run: ClientRun, requests: readonly RecordedRequest[]) => {
  const markers = new Set(run.calls.map((c) => c.marker));
  return allEvents(requests).filter((e) => e.marker !== undefined && markers.has(e.marker));
};

/** Why the rules' default is used: the driver does not list the knob, or the e2e CLI's --capabilities leave it out. */
const knobLeftOut = (context: ClientContext, knob: string) =>
  context.protocol === 'e2e-cli'
    ? ` (the default of the rules: --capabilities leaves ${knob} out)`
    : ` (the default of the rules: the driver does not list the ${knob} knob)`;

interface FlushAtCase {
  readonly flushAt: number;
  /** Whole batches: exactly flushAt times the number of batches (at the rules' 20 for a client without the knob). */
  readonly calls: readonly CallSpec[];
  /** Then fewer than flushAt more, which must stay queued. */
  readonly partial: readonly CallSpec[];
}

export const flushAtClause = clientClause<FlushAtCase>({
  id: '4.3.flush-at',
  level: 'MUST',
  title: 'sends a batch each time FlushAt calls are queued, and none before',
  spec: 'rule 2.5, 4.3.1-4.3.3',
  requires: FOUNDATION,
  // Every run checks both halves of the rule: whole batches leave at once (the last call of each triggers
  // it), then a partial one stays queued. A client without the flushAt knob is judged at the rules' 20.
  arbitrary: (context) =>
    fc
      .record({
        flushAt: fc.integer({ min: 1, max: 5 }),
        batches: fc.integer({ min: 1, max: 2 }),
        rest: fc.nat({ max: 19 }),
      })
      .chain(({ flushAt, batches, rest }) => {
        const size = context.knobs.flushAt ? flushAt : SPEC_FLUSH_AT;
        const call = callSpec({ screen: context.capabilities.has('screen') });
        const exactly = (n: number) => fc.array(call, { minLength: n, maxLength: n });
        return fc.record({
          flushAt: fc.constant(flushAt),
          calls: exactly(size * batches),
          partial: exactly(rest % size),
        });
      }),
  // A failing run waits a second for batches that do not come: shrinking stops after 15 s with what it found.
  property: { timeLimitMs: 15_000 },
  async check(context, value, id) {
    const knob = context.knobs.flushAt ? '' : knobLeftOut(context, 'flushAt');
    if (context.protocol === 'e2e-cli') return checkFlushAtThroughCli(context, value, id, knob);
    // flushAfterMs beyond the judging window, so every request in it is the flushAt rule's doing.
    const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: 3_000 }, []);
    const flushAt = run.config.flushAt;
    await run.callAll(value.calls);
    await topUp(run);
    // A call the driver refused is not queued (2.3.valid-calls judges the refusal).
    const expected = acceptedCalls(run).length;
    await run.waitFor((requests) => ourEvents(run, requests).length >= expected, FLUSH_AT_WAIT_MS);
    const sentWhole = ourEvents(run, run.requests()).length;
    const whole = `with flushAt ${flushAt}${knob}, ${expected} calls make ${expected / flushAt} full batch${expected / flushAt === 1 ? '' : 'es'}, each due as its last call is queued`;
    if (sentWhole < expected)
      return failed(
        run,
        `Only ${sentWhole} of the ${expected} events due were sent within ${FLUSH_AT_WAIT_MS} ms of the calls: ${whole}. Send a batch as soon as flushAt calls are queued (rule 4.3.2; with flushAt 1 every call is sent right away, 4.3.3).`,
      );
    await run.callAll(value.partial);
    const count = acceptedCalls(run).length;
    await sleep(QUIET_MS);
    const before = run.requests();
    const sent = ourEvents(run, before).length;
    const oversized = before.find((r) => eventsOf(r).length > flushAt);
    const rule = `${whole}; the ${count - expected} calls after them stay queued until flushAfter (${run.config.flushAfterMs} ms) or flush`;
    if (sent > expected)
      return failed(
        run,
        `${sent} events were sent before any flush, flushAfter or close, but ${rule}. No call makes its own request (rule 4.3.1): below flushAt, calls wait in the queue.`,
      );
    if (oversized !== undefined)
      return failed(
        run,
        `A request carried ${eventsOf(oversized).length} events with flushAt ${flushAt}: ${rule}. A batch leaves when flushAt calls are queued, so it holds at most flushAt events.`,
      );
    return undefined;
  },
});

interface FlushAfterCase {
  readonly flushAfterMs: number;
  readonly calls: readonly CallSpec[];
}

/** How long past its window 4.3.flush-after waits for the log to hear of requests sent within it. */
const LOG_GRACE_MS = 2_000;

export const flushAfterClause = clientClause<FlushAfterCase>({
  id: '4.3.flush-after',
  level: 'MUST',
  title: 'sends queued calls FlushAfter after the last flush, without a flush call',
  spec: 'rule 2.5, 4.3.2',
  requires: FOUNDATION,
  // Short intervals keep the real waits short; the judgement is relative to the configured value. A client
  // that takes no flushAfterMs is judged at the rules' 5 s: a real wait, so one run.
  // Through an e2e CLI, 1-1.5 s: every CLI that takes flushInterval reads that as milliseconds (Java's raises less to 1 s).
  arbitrary: (context) =>
    fc.record({
      flushAfterMs:
        context.protocol === 'e2e-cli' ? fc.constantFrom(...E2E_FLUSH_AFTER_VALUES) : fc.constantFrom(200, 300, 400),
      calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 }),
    }),
  property: (context) => ({ maxRuns: context.knobs.flushAfter ? 6 : 1 }),
  cost: 2,
  async check(context, value, id) {
    const knob = context.knobs.flushAfter ? '' : knobLeftOut(context, 'flushAfter');
    if (context.protocol === 'e2e-cli') return checkFlushAfterThroughCli(context, value, id, knob);
    const run = await context.begin(id, { flushAt: 100, flushAfterMs: value.flushAfterMs }, []);
    const { flushAt, flushAfterMs } = run.config;
    // Judged from the first call, not from init: on a loaded machine creating the client can take longer than
    // F/2, which hid a client that sends its first call at once (analytics-node 6).
    const callsStartAt = Date.now();
    await run.callAll(value.calls);
    const count = acceptedCalls(run).length;
    const callsDoneAt = Date.now();
    const window = flushAfterMs + Math.max(500, flushAfterMs);
    // The log hears of a request once it is answered, which a loaded machine can delay past the window although
    // the client sent in it: wait a little longer, then judge by when each request arrived.
    await run.waitFor((requests) => ourEvents(run, requests).length >= count, window + LOG_GRACE_MS);
    const events = ourEvents(run, run.requests());
    const inWindow = events.filter((e) => e.request.receivedAt - callsDoneAt <= window).length;
    if (inWindow < count) {
      return failed(
        run,
        `With flushAfterMs ${flushAfterMs}${knob} and fewer calls queued than flushAt (${flushAt}), ${inWindow} of ${count} events were sent within ${window} ms of the last call. A flush happens flushAfter after the last flush (rule 2.5, 4.3.2): arm a timer for the configured interval (not the 5 s default) when a call is queued.`,
      );
    }
    if (events.length === 0) return undefined;
    const first = Math.min(...events.map((e) => e.request.receivedAt));
    // "FlushAfter since the last flush" lets a client count from its creation (no flush yet): one made before
    // initSentAt may send at once a call made F after. Judged only when the first call came within F/2 of init, so
    // every reading of the rule sends at least F/2 after it and only a client that does not wait sends sooner; on
    // a machine loaded enough to delay the calls further, this run says nothing about it either way.
    const judgeable = callsStartAt - run.initSentAt < flushAfterMs / 2;
    if (judgeable && first - callsStartAt < flushAfterMs / 2) {
      return failed(
        run,
        `With flushAfterMs ${flushAfterMs}${knob} and fewer calls queued than flushAt (${flushAt}), the first events were sent less than ${flushAfterMs / 2} ms after the first call was made. Below flushAt, calls wait for flushAfter (rule 4.3.1-4.3.2).`,
      );
    }
    return undefined;
  },
});

/** How long flush may take to send a few small calls to a local server, one retry included. */
const PROMPT_FLUSH_MS = 5_000;

/**
 * How long the first batch is held: longer than making the calls after it takes on a loaded machine (up to
 * eleven calls), so the flush surely comes while it is in flight. At 300 ms it had been answered before the flush
 * in some runs, and a client whose flush waits for the timer then (cdp-analytics-node) passed; at 1 s the same
 * happened once to @segment/analytics-node under CI load.
 */
const IN_FLIGHT_MS = 2_500;
/** How long 4.3.flush waits after the calls before it flushes, so a due batch has left (well inside IN_FLIGHT_MS). */
const BATCH_LEAVES_MS = 300;
const inFlight = fc.constant<FaultStep>({ kind: 'delay', ms: IN_FLIGHT_MS });

interface FlushCase {
  readonly flushAt: number;
  readonly calls: readonly CallSpec[];
  /** A slow answer or a 5xx for the first batch, so it is in flight or retrying when the flush comes. */
  readonly faults: readonly FaultStep[];
}

export const flushClause = clientClause<FlushCase>({
  id: '4.3.flush',
  level: 'SHOULD',
  title: 'flush sends everything queued at once, even while a batch is retrying, not at the next FlushAfter',
  spec: 'docs/decisions.md (flush() resolves when everything queued is settled), the driver protocol, docs/client-suite.md',
  // Its runs include a 5xx: judged after the retry clauses, and only when retries work.
  requires: FOUNDATION,
  judgedAfter: ['7.retry.5xx'],
  notInE2eCli:
    'the CLI flushes only as it closes, once its sequences are done: the contract has no flush while a batch is in flight or retrying',
  // A client whose flush waits for its timer costs the 5 s prompt on every failing run.
  cost: 4,
  arbitrary: (context) =>
    fc.record({
      flushAt: fc.integer({ min: 1, max: 5 }),
      calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), {
        minLength: 1,
        maxLength: context.knobs.flushAt ? 12 : 30,
      }),
      // The first batch is slow or retrying, so it is surely still in flight when the flush comes.
      faults: fc.oneof(inFlight, serverError()).map((step) => [step]),
    }),
  // A failing run costs the whole wait; shrinking stops after twenty seconds with what it found. (Not less: a
  // passing run against a client with a 1-2 s backoff takes about 2 s, and runs cut off by the limit are not judged.)
  property: { maxRuns: 10, timeLimitMs: 20_000 },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: 60_000 }, value.faults);
    await run.callAll(value.calls);
    // Let the first batch leave before the flush, as the case says (on the wire or retrying). Flushed in the same
    // moment as the last call, a client may still hold every call and send them all (customerio-node does), and the
    // verdict would say how fast the driver answered, not what flush does while a batch is out.
    await new Promise((resolve) => setTimeout(resolve, BATCH_LEAVES_MS));
    // A client on the 5 s default flushAfter must flush before its timer would.
    const prompt = Math.min(PROMPT_FLUSH_MS, run.config.flushAfterMs - 1_000);
    const flushedAt = Date.now();
    const outcome = await run.end('flush', { timeoutMs: prompt });
    await run.sync();
    const count = acceptedCalls(run).length;
    const sent = ourEvents(run, run.requests().filter(isSuccess)).length;
    if (outcome.kind === 'answer' && sent >= count) return undefined;
    const first = value.faults[0];
    const retrying =
      first === undefined
        ? ''
        : first.kind === 'delay'
          ? ` while the first batch was on the wire (the mock answered it after ${IN_FLIGHT_MS} ms)`
          : ` while the first batch was retrying after a ${describeFault(first)}`;
    const finding = `With flushAt ${run.config.flushAt} and flushAfterMs ${run.config.flushAfterMs}, flush after ${count} calls${retrying} ${outcome.kind === 'answer' ? 'answered' : `did not answer within ${prompt} ms`}, and ${sent} of the ${count} events had been delivered.${refusals(run)}`;
    return failed(run, `${finding} ${flushAdvice(run, outcome.kind === 'answer', flushedAt, sent >= count)}`);
  },
});

/** How long after the batch in flight was accepted a partial batch sent behind it counts as "sent right after". */
const BEHIND_MS = 500;

/**
 * What to change, from what the client did (read off the wire): a flush that returned before sending, one that waits
 * for its timer, a client that sends one batch at a time and held the partial batch behind the one retrying, or a
 * flush that sent everything and still did not return (a flush that closes the client and waits for its threads or
 * timer: an SDK without flush whose driver calls close).
 */
function flushAdvice(run: ClientRun, answered: boolean, flushedAt: number, allSent: boolean): string {
  if (answered)
    return 'flush returned before the calls it holds were delivered: it must return (and the driver answer) only once everything queued is settled, delivered or given up on (docs/decisions.md, the driver protocol).';
  if (allSent)
    return 'Every event was delivered, yet flush did not return: it waits for something else once the queue is empty (a timer, background threads, a close). If the SDK has no flush and its driver calls close instead, that close must return once everything queued is settled too, not at its next timer tick.';
  const requests = run.requests();
  const firstCall = run.calls[0]?.marker ?? '';
  const firstBatchDone = requests.find((r) => isSuccess(r) && eventsOf(r).some((e) => e.marker === firstCall));
  const partialLeft = requests.find(
    (r) =>
      r.receivedAt >= flushedAt && !eventsOf(r).some((e) => e.marker === firstCall) && ourEvents(run, [r]).length > 0,
  );
  if (
    firstBatchDone?.respondedAt !== undefined &&
    partialLeft !== undefined &&
    partialLeft.receivedAt - firstBatchDone.respondedAt < BEHIND_MS
  )
    return `The client sends one batch at a time: the partial batch left only once the batch in flight was accepted (${Math.round(partialLeft.receivedAt - flushedAt)} ms after the flush), behind its retries and their backoff. Send the partial batch beside the one in flight, or keep that retry's wait within what a caller of flush can wait.`;
  return `The partial batch was not sent when flush was called${partialLeft === undefined ? '' : ` (it left ${Math.round(partialLeft.receivedAt - flushedAt)} ms later)`}: flush means "send now". Send it at once, even while another batch is in flight or retrying, instead of leaving it for the flushAfter timer. If the SDK has no flush and its driver calls close instead, the same holds for that close.`;
}

export const flushClauses: readonly Clause<ClientContext>[] = [flushAtClause, flushAfterClause];
