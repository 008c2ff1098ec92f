import fc from 'fast-check';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { describeFault, type FaultStep } from '../fault-schedule.js';
import type { RecordedRequest } from '../request-log.js';
import { requestsCarrying } from '../wire-events.js';
import { answerGaps, BACKSTOP_FLUSH_AFTER_MS, settled, topUp } from './client-clause.js';

/** A few calls sent by one flush, with a fault schedule for the requests that carry them. */
export interface FaultCase {
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

export const faultCase = (context: ClientContext, faults: fc.Arbitrary<readonly FaultStep[]>) =>
  fc.record({
    calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 }),
    faults,
  });

/**
 * Plays a fault case: flushAt is the number of calls (filled up to the rules' 20 for a client that takes no
 * flushAt), so the last call sends them all as one batch, the schedule's first request; no flush. Waits until
 * they are delivered or the client goes quiet (QUIET_MS without a request: it gave up).
 */
export async function playFaults(
  context: ClientContext,
  id: string,
  value: FaultCase,
  stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined,
  quietMs?: number,
  leadMs = 0,
): Promise<{ run: ClientRun; stopped?: string }> {
  const run = await context.begin(
    id,
    { flushAt: value.calls.length, flushAfterMs: BACKSTOP_FLUSH_AFTER_MS },
    value.faults,
  );
  if (leadMs > 0) await run.pause(leadMs);
  await run.callAll(value.calls);
  await topUp(run);
  const outcome = await settled(context, run, stopWhen, quietMs);
  return { run, ...(outcome.stopped !== undefined ? { stopped: outcome.stopped } : {}) };
}

/** The fault schedule in words, for failure messages: "503, 429 Retry-After: 1, reset". */
export const describeSchedule = (faults: readonly FaultStep[]) => faults.map(describeFault).join(', ');

/** The gap between a request's answer and the next request carrying the same first call: the client's wait. */
export function retryWaits(requests: readonly RecordedRequest[], marker: string): number[] {
  return answerGaps(requestsCarrying(requests, marker));
}
