import fc from 'fast-check';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { FaultStep } from '../fault-schedule.js';
import { allEvents, isSuccess, type WireEvent } from '../wire-events.js';
import { acceptedCalls, collect, failed, refusals, type RunFailure, topUp } from './client-clause.js';

/**
 * A plain session: a small flushAt (or the rules' 20 for a client that takes no flushAt), calls filled up to
 * whole batches so the FlushAt rule sends them all, no flush. These clauses judge what the requests carry.
 */
export interface Session {
  readonly flushAt: number;
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

export const SESSION_FLUSH_AFTER_MS = 1_000;

export function session(
  context: ClientContext,
  options: { integrations?: 'never' | 'sometimes' | 'always'; faults?: fc.Arbitrary<readonly FaultStep[]> } = {},
): fc.Arbitrary<Session> {
  return fc.record({
    flushAt: fc.integer({ min: 1, max: 5 }),
    calls: fc.array(
      callSpec({ screen: context.capabilities.has('screen'), integrations: options.integrations ?? 'sometimes' }),
      { minLength: 1, maxLength: 6 },
    ),
    faults: options.faults ?? fc.constant([]),
  });
}

/** Starts a session's run and makes its calls, filled up to whole batches. */
export async function startSession(context: ClientContext, id: string, value: Session): Promise<ClientRun> {
  const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS }, value.faults);
  await run.callAll(value.calls);
  await topUp(run);
  return run;
}

/**
 * Plays a session until its calls are delivered (or the client goes quiet); answers the run and the events
 * of the requests the mock accepted, or the failure on the way. Requests the mock refused are not judged:
 * the service never read them; when nothing was accepted, the failure names the refusals.
 */
async function playSession(
  context: ClientContext,
  id: string,
  value: Session,
): Promise<{ run: ClientRun; events: WireEvent[] } | RunFailure> {
  const run = await startSession(context, id, value);
  await collect(context, run);
  const calls = acceptedCalls(run);
  if (calls.length === 0) return { run, events: [] };
  if (run.requests().length === 0)
    return failed(
      run,
      `After ${run.calls.length} calls with flushAt ${run.config.flushAt} (whole batches), the mock received no request at all, so nothing could be judged. A batch leaves when flushAt calls are queued (rule 4.3.2; 4.3.flush-at says more).`,
    );
  const markers = new Set(calls.map((c) => c.marker));
  const events = allEvents(run.requests().filter(isSuccess)).filter(
    (e) => e.marker !== undefined && markers.has(e.marker),
  );
  if (events.length === 0)
    return failed(
      run,
      `No request of the run was accepted by the mock, so nothing the client sent could be judged.${refusals(run)} Send what the collection API takes (4.2.accepted says more).`,
    );
  return { run, events };
}

/** The call an event came from, by its marker. */
export const callOf = (run: ClientRun, event: WireEvent) => run.calls.find((c) => c.marker === event.marker);
export type PlayedCall = NonNullable<ReturnType<typeof callOf>>;

/**
 * Plays a session and judges each event the mock accepted against the call it came from; answers the first
 * failure. `judge` answers what is wrong with the event, or undefined when it is right.
 */
export async function judgeEachEvent(
  context: ClientContext,
  id: string,
  value: Session,
  judge: (wire: WireEvent, call: PlayedCall) => string | undefined,
): Promise<RunFailure | undefined> {
  const played = await playSession(context, id, value);
  if (!('events' in played)) return played;
  const { run, events } = played;
  for (const wire of events) {
    const call = callOf(run, wire);
    if (call === undefined) continue;
    const problem = judge(wire, call);
    if (problem !== undefined) return failed(run, problem);
  }
  return undefined;
}
