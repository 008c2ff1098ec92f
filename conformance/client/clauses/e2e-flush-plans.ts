import type { CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { allEvents, requestsCarrying } from '../wire-events.js';
import { acceptedCalls, FILLER, failed, type RunFailure } from './client-clause.js';

/**
 * The flush clauses through an e2e CLI. Its calls are all in its input, made when the CLI has started (10 ms to
 * over half a second after the spawn, unknown to the suite), so the times of the driver's clauses (from each call)
 * are not there: these judge from the wire, with bounds that hold whatever the start-up took. A call is queued no
 * earlier than the spawn, and no later than the arrival of a request carrying it; the sequences' delays separate
 * the groups of calls by known times; the CLI closes once the last sequence is done and exits after. A verdict
 * needs a bound that proves it: on a slow machine a run may prove nothing, never the wrong thing.
 */

/** How long after the whole batches the partial calls are queued, and how long after those the last call is. */
const PARTIAL_AFTER_MS = 1_000;
const OPEN_AFTER_MS = 2_000;
/**
 * A whole batch is due as its last call is queued: sent this much later at the earliest, it was held back. Two
 * seconds, not the driver clause's one: a fresh process on a loaded machine can take a second to put a request on
 * the wire, and a batch held for the close is still three seconds late.
 */
const HELD_MS = 2_000;
/** flushAfterMs of 4.3.flush-at through a CLI: past the run (partial delay plus open time), so only flushAt sends before close. */
export const E2E_FLUSH_AT_FLUSH_AFTER_MS = 10_000;

const ourEvents = (run: ClientRun, requests: readonly RecordedRequest[]) => {
  const markers = new Set(run.calls.map((c) => c.marker));
  return allEvents(requests).filter((e) => e.marker !== undefined && markers.has(e.marker));
};

/** When the first request carrying the call's event arrived, or undefined. */
const arrivalOf = (run: ClientRun, marker: string) => requestsCarrying(run.requests(), marker)[0]?.receivedAt;

/** The CLI did not end within the settle timeout: nothing it held can be judged. */
function notEnded(run: ClientRun, what: string): RunFailure | undefined {
  const start = run.cliRuns().at(-1);
  if (start?.endedAt !== undefined && start.killed === undefined) return undefined;
  return failed(
    run,
    `${what}, the e2e CLI did not exit within its deadline (the delays of its sequences plus the settle timeout): it must flush, close and exit once its sequences are done.`,
  );
}

/**
 * 4.3.flush-at through a CLI: the whole batches (flushAt x n calls) in one sequence, the fewer than flushAt calls
 * after them in a second one PARTIAL_AFTER_MS later, and one more call, the probe, OPEN_AFTER_MS after those, just
 * before the CLI closes; flushInterval past all of it. Every request holds at most flushAt events; the whole batches
 * leave at once, not held for the close (they were queued no later than the partial calls' and the probe's arrivals
 * less their delays); the partial calls leave with the probe (nothing else sends them before it), not before it was
 * made.
 */
export async function checkFlushAtThroughCli(
  context: ClientContext,
  value: { readonly flushAt: number; readonly calls: readonly CallSpec[]; readonly partial: readonly CallSpec[] },
  id: string,
  knob: string,
): Promise<RunFailure | undefined> {
  const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: E2E_FLUSH_AT_FLUSH_AFTER_MS }, []);
  const flushAt = run.config.flushAt;
  const whole = await run.callAll(value.calls);
  await run.pause(PARTIAL_AFTER_MS);
  const partial = await run.callAll(value.partial);
  await run.pause(OPEN_AFTER_MS);
  const probe = await run.callAll([FILLER]);
  await run.end('close');
  const rule = `with flushAt ${flushAt}${knob}, ${whole.length} calls in the first sequence (${whole.length / flushAt} full batch${whole.length / flushAt === 1 ? '' : 'es'}), ${partial.length} more ${PARTIAL_AFTER_MS} ms later and one more ${OPEN_AFTER_MS} ms after them, as the CLI closes`;
  const ended = notEnded(run, `Run ${rule}`);
  if (ended !== undefined) return ended;
  const requests = run.requests();
  const oversized = requests.find((r) => ourEvents(run, [r]).length > flushAt);
  if (oversized !== undefined)
    return failed(
      run,
      `A request carried ${ourEvents(run, [oversized]).length} events, ${rule}. A batch leaves when flushAt calls are queued, so it holds at most flushAt events (rule 4.3.2; 4.3.3: with flushAt 1 every call is sent on its own).`,
    );
  const unsent = acceptedCalls(run).filter((c) => arrivalOf(run, c.marker) === undefined);
  if (unsent.length > 0)
    return failed(
      run,
      `Calls ${unsent.map((c) => c.index).join(', ')} never reached the mock, ${rule}. The whole batches are due at once and the rest when the CLI closes.`,
    );
  const first = (calls: readonly { marker: string }[]) =>
    Math.min(...calls.map((c) => arrivalOf(run, c.marker) ?? Number.POSITIVE_INFINITY));
  const queuedBy = Math.min(first(partial) - PARTIAL_AFTER_MS, first(probe) - PARTIAL_AFTER_MS - OPEN_AFTER_MS);
  const held = whole.filter((c) => (arrivalOf(run, c.marker) ?? 0) - queuedBy > HELD_MS);
  if (held.length > 0)
    return failed(
      run,
      `Only ${whole.length - held.length} of the ${whole.length} events of the full batches were sent at once, ${rule}: ${held.length} left at least ${Math.round((arrivalOf(run, held[0]?.marker ?? '') ?? 0) - queuedBy)} ms after they were queued. Send a batch as soon as flushAt calls are queued (rule 4.3.2).`,
    );
  // Nothing sends the partial calls before the probe is made: flushAt is not reached, flushAfter is far off.
  const probeRequest = probe[0] === undefined ? undefined : requestsCarrying(requests, probe[0].marker)[0];
  const early = partial.filter((c) => {
    const carrier = requestsCarrying(requests, c.marker)[0];
    return (
      carrier !== undefined &&
      carrier !== probeRequest &&
      (probeRequest === undefined || carrier.receivedAt < probeRequest.receivedAt)
    );
  });
  if (early.length > 0)
    return failed(
      run,
      `${early.length} of the ${partial.length} calls after the full batches were sent on their own before the CLI's last call was made, ${rule}; they stay queued until flushAfter (${run.config.flushAfterMs} ms) or close. No call makes its own request (rule 4.3.1): below flushAt, calls wait in the queue.`,
    );
  return undefined;
}

/** How long the CLI stays open after the calls (past flushAfter), before the probe call and its close. */
const OPEN_PAST_FLUSH_AFTER_MS = 2_500;

/**
 * 4.3.flush-after through a CLI: fewer calls than flushAt, the first alone and the others flushAfter/2 later, then
 * (flushAfter + 2.5 s after those) one more call, the probe, and the close.
 * - Late: the probe was queued no later than it arrived, so the calls were sent at least (that delay less the time
 *   between their arrival and the probe's) after the last of them was queued; past the window, they waited for the
 *   close.
 * - Early: the first call left before the others were queued (its request carried none of them and came first), or
 *   arrived within flushAfter/2 of the spawn: either way less than flushAfter/2 after it was made. A client that
 *   waits sends the first call with the others, flushAfter after it.
 */
export async function checkFlushAfterThroughCli(
  context: ClientContext,
  value: { readonly flushAfterMs: number; readonly calls: readonly CallSpec[] },
  id: string,
  knob: string,
): Promise<RunFailure | undefined> {
  const run = await context.begin(id, { flushAt: 100, flushAfterMs: value.flushAfterMs }, []);
  const { flushAt, flushAfterMs } = run.config;
  const [head, ...tail] = value.calls;
  const first = await run.callAll(head === undefined ? [FILLER] : [head]);
  await run.pause(flushAfterMs / 2);
  const others = await run.callAll(tail.length > 0 ? tail : [FILLER]);
  const gap = flushAfterMs + OPEN_PAST_FLUSH_AFTER_MS;
  await run.pause(gap);
  const [probe] = await run.callAll([FILLER]);
  await run.end('close');
  const calls = [...first, ...others];
  const window = flushAfterMs + Math.max(500, flushAfterMs);
  const setting = `With flushAfterMs ${flushAfterMs}${knob} and fewer calls queued than flushAt (${flushAt}): one call, ${others.length} more ${flushAfterMs / 2} ms later`;
  const ended = notEnded(run, setting);
  if (ended !== undefined) return ended;
  const start = run.cliRuns().at(-1);
  const sent = calls.map((c) => arrivalOf(run, c.marker)).filter((a): a is number => a !== undefined);
  if (sent.length < calls.length)
    return failed(
      run,
      `${setting}, ${sent.length} of ${calls.length} events were ever sent (the CLI stayed open ${gap} ms after them, then closed). A flush happens flushAfter after the last flush (rule 2.5, 4.3.2).`,
    );
  const probeQueuedBy = (probe === undefined ? undefined : arrivalOf(run, probe.marker)) ?? start?.endedAt;
  if (probeQueuedBy !== undefined) {
    const waited = gap - (probeQueuedBy - Math.max(...sent));
    if (waited > window)
      return failed(
        run,
        `${setting}, the calls were sent at least ${Math.round(waited)} ms after the last of them was made, not within ${window} ms: they left only as the CLI closed (it stayed open ${gap} ms after them). A flush happens flushAfter after the last flush (rule 2.5, 4.3.2): arm a timer for the configured interval (not the 5 s default) when a call is queued.`,
      );
  }
  const [alone] = first;
  const firstRequest = alone === undefined ? undefined : requestsCarrying(run.requests(), alone.marker)[0];
  const othersFirst = Math.min(...others.map((c) => arrivalOf(run, c.marker) ?? Number.POSITIVE_INFINITY));
  const leftBefore =
    firstRequest !== undefined &&
    firstRequest.receivedAt < othersFirst &&
    !others.some((c) => requestsCarrying([firstRequest], c.marker).length > 0);
  const earliest = Math.min(...sent);
  const sinceSpawn = start === undefined ? Number.POSITIVE_INFINITY : earliest - start.startedAt;
  if (leftBefore || sinceSpawn < flushAfterMs / 2)
    return failed(
      run,
      `${setting}, ${leftBefore ? `the first call was sent on its own before the others were made, so less than ${flushAfterMs / 2} ms after it` : `the first events were sent ${Math.round(sinceSpawn)} ms after the CLI was started, so less than ${flushAfterMs / 2} ms after they were made`}. Below flushAt, calls wait for flushAfter (rule 4.3.1-4.3.2).`,
    );
  return undefined;
}

/** flushAfterMs of 4.3.flush-after through a CLI: one Java's CLI does not raise to its 1 s minimum, all in milliseconds. */
export const E2E_FLUSH_AFTER_VALUES = [1_000, 1_250, 1_500] as const;
