import type fc from 'fast-check';
import { checkProperty, type PropertyOptions } from '../../framework/check-property.js';
import type { Clause, ClauseLevel } from '../../framework/clause.js';
import type { CallSpec, SentCall } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { describeRefusal, type RecordedRequest } from '../request-log.js';
import { isSuccess, requestsCarrying } from '../wire-events.js';
import { lateNote, listed, passAfter } from './clause-outcome.js';

export { listed };

/** What one failing run shows: the finding in words and the run (calls, faults) that shows it. */
export interface RunFailure {
  readonly message: string;
  readonly counterexample: unknown;
  /** The run itself, so its late arrivals (events that came after it ended) are named in its result. */
  readonly run?: ClientRun;
}

/**
 * The clauses every other one needs: without the write key the mock refuses everything (401), and when it
 * refuses the requests for another reason (415, 400) nothing the client sent can be judged either.
 */
export const FOUNDATION = ['5.3.write-key', '4.2.accepted'] as const;

export interface ClientClauseDefinition<T> {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly title: string;
  readonly spec: string;
  readonly requires?: readonly string[];
  /** Clauses whose failure makes this one a skip, without waiting for them (the framework's Clause.judgedAfter). */
  readonly judgedAfter?: readonly string[];
  /** Rough real time relative to a quick clause (the framework's Clause.cost): the costly ones start first. */
  readonly cost?: number;
  readonly arbitrary: (context: ClientContext) => fc.Arbitrary<T>;
  /** Property options, or a function of the context (fewer runs where a knob the client lacks makes each run a real 5 s). */
  readonly property?: PropertyOptions | ((context: ClientContext) => PropertyOptions);
  /**
   * Why the e2e-cli contract cannot express this clause (a client that answers each call, a flush mid-run, more than
   * one --input argument holds): such a run reports it "not applicable to the e2e-cli contract" with this reason.
   */
  readonly notInE2eCli?: string;
  /** One run: undefined when the client conforms, else what it did wrong. */
  check(context: ClientContext, value: T, id: string): Promise<RunFailure | undefined>;
}

/** A property clause over generated calls and fault schedules: it runs for every driver, whatever it lists. */
export function clientClause<T>(definition: ClientClauseDefinition<T>): Clause<ClientContext> {
  return {
    id: definition.id,
    level: definition.level,
    title: definition.title,
    spec: definition.spec,
    ...(definition.requires !== undefined ? { requires: definition.requires } : {}),
    ...(definition.judgedAfter !== undefined ? { judgedAfter: definition.judgedAfter } : {}),
    ...(definition.cost !== undefined ? { cost: definition.cost } : {}),
    ...(definition.notInE2eCli !== undefined
      ? { outsideSuite: (context: ClientContext) => notInE2eCli(context, definition.notInE2eCli ?? '') }
      : {}),
    async run(context, env) {
      context.enter(definition.id);
      // Runs side by side on the worker's lanes where it has several (the e2e-cli protocol), one at a time otherwise.
      const lanes = context.lanes;
      const result = await checkProperty(
        env,
        definition.arbitrary(context),
        (value) => definition.check(context, value, definition.id),
        typeof definition.property === 'function' ? definition.property(context) : definition.property,
        lanes.length > 1
          ? {
              count: lanes.length,
              checkOn: (value, lane) => definition.check(lanes[lane] ?? context, value, definition.id),
            }
          : undefined,
      );
      // A run cut off by the time limit is still talking to the driver (a flush it waits on): it must not hold up
      // the next clause on this driver, so the driver is replaced.
      if (result.interrupted === true) await context.interrupt();
      if (!result.failed) return passAfter(result, env.runs, definition.property, context);
      return {
        status: 'fail',
        message: `${result.failure.message}${lateNote(result.failure.run)}`,
        counterexample: result.failure.counterexample,
        path: result.path,
      };
    },
  };
}

/** The not-applicable reason of a clause the e2e-cli contract cannot express, for a run of that protocol. */
export function notInE2eCli(context: ClientContext, reason: string): string | undefined {
  return context.protocol === 'e2e-cli' ? `not applicable to the e2e-cli contract: ${reason}` : undefined;
}

/** A failure of this run, with the run as counterexample. */
export function failed(run: ClientRun, message: string): RunFailure {
  const exit = run.driverExit();
  return {
    message: exit === undefined || message.includes('driver exited') ? message : `${message} Note: ${exit}.`,
    counterexample: run.counterexample(),
    run,
  };
}

/** Calls the driver accepted (answered ok): the ones a clause judges; a refused valid call is 2.3.valid-calls' finding. */
export function acceptedCalls(run: ClientRun): readonly SentCall[] {
  return run.calls.filter((c) => c.refused === undefined);
}

/** A valid identify to fill a batch up to flushAt. */
export const FILLER: CallSpec = { op: 'identify', identity: 'userId', data: {} };

/**
 * Makes filler calls until the accepted calls (leaving out `except`: calls a conformant client refuses) are a
 * whole number of batches, so the FlushAt rule sends them all without a flush. A call the driver refuses is
 * not queued, so it does not count (2.3.valid-calls judges the refusal); bounded, since fillers may be refused too.
 */
export async function topUp(run: ClientRun, except: ReadonlySet<number> = new Set()): Promise<void> {
  const flushAt = run.config.flushAt;
  for (let attempt = 0; attempt < 2 * flushAt + 2; attempt++) {
    const queued = run.calls.filter((c) => c.refused === undefined && !except.has(c.index)).length;
    if (queued > 0 && queued % flushAt === 0) return;
    const [filler] = await run.callAll([FILLER]);
    if (filler === undefined) return;
  }
}

/** The silence before each request after the first: from the answer to the one before (or its arrival, unanswered). */
export function answerGaps(requests: readonly RecordedRequest[]): number[] {
  const gaps: number[] = [];
  let previous: RecordedRequest | undefined;
  for (const request of requests) {
    if (previous !== undefined) gaps.push(request.receivedAt - (previous.respondedAt ?? previous.receivedAt));
    previous = request;
  }
  return gaps;
}

/** The longest silence between one answer and the next request: how long the client's backoff has grown. */
function longestWait(requests: readonly RecordedRequest[]): number {
  return answerGaps(requests).reduce((longest, gap) => Math.max(longest, gap), 0);
}

const finalRefusal = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The mock refused a request for good (a 4xx a client does not retry), and no request waits for a retry (every other one got a 2xx). */
function nothingToRetry(requests: readonly RecordedRequest[]): boolean {
  return requests.some((r) => finalRefusal(r.status)) && requests.every((r) => finalRefusal(r.status) || isSuccess(r));
}

/** The default quiet window once every undelivered call was last answered with a 4xx that is not retried (not 408/429); 7.no-retry-400 keeps its own. */
const REFUSED_QUIET_MS = 1_000;

/** True when every accepted call not yet delivered was last carried by a request the mock refused for good. */
function refusedForGood(run: ClientRun): boolean {
  const requests = run.requests();
  const pending = acceptedCalls(run).filter((c) => !requestsCarrying(requests, c.marker).some(isSuccess));
  return (
    pending.length > 0 &&
    pending.every((c) => {
      const status = requestsCarrying(requests, c.marker).at(-1)?.status;
      return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
    })
  );
}

/**
 * flushAfterMs of the clauses that send through flushAt: a backstop, so a client whose FlushAt rule is off
 * (4.3.flush-at's finding) still sends, a second later, and is judged here on what this clause checks.
 */
export const BACKSTOP_FLUSH_AFTER_MS = 1_000;

/** How long a client may stay silent after an answer before the suite takes it that no retry is coming. */
export const QUIET_MS = 4_000;

/**
 * Waits until every accepted call has reached a request answered 2xx, or the client has sent nothing for
 * QUIET_MS since the last answer (it gave up), or the settle timeout: no flush, no close. Answers whether
 * every call was delivered.
 */
export async function settled(
  context: ClientContext,
  run: ClientRun,
  stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined,
  quietMs = QUIET_MS,
  options: { readonly waitForTimer?: boolean } = {},
): Promise<{ delivered: boolean; stopped?: string }> {
  const deadline = Date.now() + context.settings.settleTimeoutMs;
  let stopped: string | undefined;
  const delivered = () => undelivered(run).length === 0;
  // Calls never seen in any request may still be queued for the flushAfter timer: wait that long too.
  const unseen = () => {
    const requests = run.requests();
    return acceptedCalls(run).some((c) => requestsCarrying(requests, c.marker).length === 0);
  };
  for (;;) {
    const before = run.requests().length;
    // A client whose backoff grows (analytics-node: 1-2 s, then 2-4 s, 4-8 s) is still retrying while the
    // silence is shorter than its growing waits: the window stretches to 4.5 times the longest wait seen (one jittered
    // wait can be up to four times the one before: 1x then 2x the doubled base).
    const window = Math.max(
      quietMs === QUIET_MS && refusedForGood(run) ? REFUSED_QUIET_MS : quietMs,
      options.waitForTimer !== false && unseen() ? run.config.flushAfterMs + 1_000 : 0,
      quietMs === QUIET_MS ? 4.5 * longestWait(run.requests()) : 0,
    );
    const done = await run.waitFor(
      (requests) => {
        stopped = stopWhen?.(requests);
        return stopped !== undefined || delivered() || requests.length > before;
      },
      Math.max(0, Math.min(window, deadline - Date.now())),
    );
    if (stopped !== undefined) return { delivered: delivered(), stopped };
    if (delivered()) return { delivered: true };
    // The log records a request once answered, so a slow answer (a few seconds at most here) shows as a late request.
    if (!done || Date.now() >= deadline) return { delivered: false };
  }
}

/**
 * For clauses that judge what requests carry, not when they leave: waits briefly for the batches the FlushAt
 * rule sent, then closes the client to collect whatever it still holds (close must send everything queued,
 * 4.3.delivered), so a client with a wrong flushAt is judged on content here and on timing by 4.3.flush-at.
 */
export async function collect(
  context: ClientContext,
  run: ClientRun,
  stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined,
): Promise<void> {
  // Not the flushAfter timer: close sends what is still queued at once (a client on the rules' 5 s would cost 5 s a run).
  // Nor for a resend of what the mock refused for good (a 4xx that is not retried): nothing more is coming for it.
  let found: string | undefined;
  const { delivered } = await settled(
    context,
    run,
    (requests) => {
      found = stopWhen?.(requests);
      return found ?? (refusedForGood(run) || nothingToRetry(requests) ? 'refused for good' : undefined);
    },
    COLLECT_QUIET_MS,
    { waitForTimer: false },
  );
  // The caller has its finding: the client need not be closed (a close after a request it must not send may hang
  // on that request's retries); the next run starts a fresh one.
  if (found !== undefined) {
    run.abandon();
    return;
  }
  if (!delivered) await run.end('close');
}

/** How long `collect` waits for a request before it closes the client. */
const COLLECT_QUIET_MS = 1_500;

/** Requests of the run the mock refused (4xx) or that got no answer, named for a message, or '' when none. */
export function refusals(run: ClientRun): string {
  const refused = run.requests().filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500);
  if (refused.length === 0) return '';
  const shown = refused.slice(0, 3).map(describeRefusal).join('; ');
  return ` The mock refused ${refused.length} request${refused.length === 1 ? '' : 's'}: ${shown}${refused.length > 3 ? '; ...' : ''}.`;
}

/** Calls the driver refused although they were valid (rule 2.3): a failure naming the first, or undefined. */
export function refusedValidCall(run: ClientRun): RunFailure | undefined {
  const refused = run.calls.find((c) => c.refused !== undefined);
  if (refused === undefined) return undefined;
  return failed(
    run,
    `The driver refused call ${refused.index} (${refused.op}), a valid call of rule 2.3: ${refused.refused ?? ''}. Every ${refused.op} with the fields rule 2.3 requires must be queued.`,
  );
}

/** The calls accepted by the driver whose events never arrived in a request answered 2xx (with the status the mock answered, when it refused them). */
export function undelivered(run: ClientRun): readonly string[] {
  const requests = run.requests();
  return run.calls
    .filter((c) => c.refused === undefined && !requestsCarrying(requests, c.marker).some(isSuccess))
    .map((c) => {
      const carriers = requestsCarrying(requests, c.marker).filter((r) => r.status !== undefined);
      const last = carriers.at(-1);
      return `${c.index} (${c.op}${last !== undefined ? `, the mock answered ${last.status}` : ''})`;
    });
}

/**
 * The calls besides `refusable` (the invalid or oversized ones a client must refuse) that were never delivered:
 * a failure naming them (`what`: "invalid", "oversized"), or undefined when every other call arrived.
 */
export function lostBeside(
  run: ClientRun,
  refusable: readonly { readonly index: number }[],
  what: string,
): RunFailure | undefined {
  const numbers = new Set(refusable.map((c) => c.index));
  const lost = undelivered(run).filter((call) => !numbers.has(Number(call.split(' ')[0])));
  if (lost.length === 0) return undefined;
  return failed(
    run,
    `Calls ${lost.join(', ')} beside the ${what} calls were never delivered.${refusals(run)} Refuse the ${what} calls alone; the others are valid and must be sent.`,
  );
}

/** Ends the run with flush; a flush that does not settle is the failure. */
export async function flushed(run: ClientRun, what = 'flush'): Promise<RunFailure | undefined> {
  const outcome = await run.end('flush');
  const problem = run.problem(outcome, what);
  if (problem !== undefined)
    return failed(
      run,
      `${problem[0]?.toUpperCase() ?? ''}${problem.slice(1)}. flush must answer once every queued call is settled (the driver protocol, docs/client-suite.md).`,
    );
  if (outcome.kind === 'answer' && !outcome.ok)
    return failed(
      run,
      `The driver answered ${what} with an error: ${outcome.error ?? ''}. flush must answer {"ok": true} once every queued call is settled (the driver protocol, docs/client-suite.md).`,
    );
  return undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
