import type fc from 'fast-check';
import { checkProperty, type PropertyOptions } from '../../framework/check-property.js';
import type { Clause, ClauseLevel } from '../../framework/clause.js';
import type { CallSpec, SentCall } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { describeRefusal, type RecordedRequest } from '../request-log.js';
import type { Capability } from '../client-target.js';
import { isSuccess, requestsCarrying } from '../wire-events.js';

/** What one failing run shows: the finding in words and the run (calls, faults) that shows it. */
export interface RunFailure {
  readonly message: string;
  readonly counterexample: unknown;
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
  /**
   * Optional features (SPEC leaves them open) the driver must list for this clause to apply; a driver that
   * does not list one gets a not-applicable skip. Never a SPEC requirement: those run for every driver.
   */
  readonly needs?: readonly Capability[];
  readonly arbitrary: (context: ClientContext) => fc.Arbitrary<T>;
  /** Property options, or a function of the context (fewer runs where a knob the client lacks makes each run a real 5 s). */
  readonly property?: PropertyOptions | ((context: ClientContext) => PropertyOptions);
  /** One run: undefined when the client conforms, else what it did wrong. */
  check(context: ClientContext, value: T, id: string): Promise<RunFailure | undefined>;
}

/** A property clause over generated calls and fault schedules; capabilities the driver lacks make it a skip. */
export function clientClause<T>(definition: ClientClauseDefinition<T>): Clause<ClientContext> {
  return {
    id: definition.id,
    level: definition.level,
    title: definition.title,
    spec: definition.spec,
    ...(definition.requires !== undefined ? { requires: definition.requires } : {}),
    skipReason(context) {
      const missing = (definition.needs ?? []).filter((name) => !context.capabilities.has(name));
      if (missing.length === 0) return undefined;
      return `does not apply: the driver ${context.hello.name} does not list the optional feature${missing.length === 1 ? '' : 's'} ${missing.map((m) => JSON.stringify(m)).join(', ')} in its ready line (it lists ${JSON.stringify([...context.capabilities])})`;
    },
    async run(context, env) {
      context.enter(definition.id);
      const result = await checkProperty(env, definition.arbitrary(context), (value) => definition.check(context, value, definition.id), typeof definition.property === 'function' ? definition.property(context) : definition.property);
      if (!result.failed) return { status: 'pass' };
      return { status: 'fail', message: result.failure.message, counterexample: result.failure.counterexample, path: result.path };
    },
  };
}

/** A failure of this run, with the run as counterexample. */
export function failed(run: ClientRun, message: string): RunFailure {
  return { message, counterexample: run.counterexample() };
}

/** Calls the driver accepted (answered ok): the ones a clause judges; a refused valid call is 2.3.valid-calls' finding. */
export function acceptedCalls(run: ClientRun): readonly SentCall[] {
  return run.calls.filter((c) => c.refused === undefined);
}

/** A valid identify to fill a batch up to flushAt. */
export const FILLER: CallSpec = { op: 'identify', identity: 'userId', data: {} };

/**
 * The calls followed by fillers so that their number is a whole multiple of flushAt: the last call then
 * triggers the batch through the FlushAt rule, and no clause needs flush (judged only by the flush clauses).
 */
export function fillToBatch(specs: readonly CallSpec[], flushAt: number): CallSpec[] {
  const total = Math.max(flushAt, Math.ceil(specs.length / flushAt) * flushAt);
  return [...specs, ...Array.from({ length: total - specs.length }, () => FILLER)];
}

/** How long a client may stay silent after an answer before the suite takes it that no retry is coming. */
export const QUIET_MS = 4_000;

/**
 * Waits until every accepted call has reached a request answered 2xx, or the client has sent nothing for
 * QUIET_MS since the last answer (it gave up), or the settle timeout: no flush, no close. Answers whether
 * every call was delivered.
 */
export async function settled(context: ClientContext, run: ClientRun, stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined, quietMs = QUIET_MS): Promise<{ delivered: boolean; stopped?: string }> {
  const deadline = Date.now() + context.settings.settleTimeoutMs;
  let stopped: string | undefined;
  const delivered = () => undelivered(run).length === 0;
  for (;;) {
    const before = run.requests().length;
    const done = await run.waitFor((requests) => {
      stopped = stopWhen?.(requests);
      return stopped !== undefined || delivered() || requests.length > before;
    }, Math.max(0, Math.min(quietMs, deadline - Date.now())));
    if (stopped !== undefined) return { delivered: delivered(), stopped };
    if (delivered()) return { delivered: true };
    // The log records a request once answered, so a slow answer (a few seconds at most here) shows as a late request.
    if (!done || Date.now() >= deadline) return { delivered: false };
  }
}

/** Requests of the run the mock refused (4xx) or that got no answer, named for a message, or '' when none. */
export function refusals(run: ClientRun): string {
  const refused = run.requests().filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500);
  if (refused.length === 0) return '';
  const shown = refused.slice(0, 3).map(describeRefusal).join('; ');
  return ` The mock refused ${refused.length} request${refused.length === 1 ? '' : 's'}: ${shown}${refused.length > 3 ? '; ...' : ''}.`;
}

/** Calls the driver refused although they were valid (SPEC 2.3): a failure naming the first, or undefined. */
export function refusedValidCall(run: ClientRun): RunFailure | undefined {
  const refused = run.calls.find((c) => c.refused !== undefined);
  if (refused === undefined) return undefined;
  return failed(run, `The driver refused call ${refused.index} (${refused.op}), a valid call of SPEC 2.3: ${refused.refused ?? ''}. Every ${refused.op} with the fields SPEC 2.3 requires must be queued.`);
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

/** Ends the run with flush; a flush that does not settle is the failure. */
export async function flushed(run: ClientRun, what = 'flush'): Promise<RunFailure | undefined> {
  const outcome = await run.end('flush');
  const problem = run.problem(outcome, what);
  if (problem !== undefined) return failed(run, `${problem[0]?.toUpperCase() ?? ''}${problem.slice(1)}. flush must answer once every queued call is settled (DESIGN 3).`);
  if (outcome.kind === 'answer' && !outcome.ok) return failed(run, `The driver answered ${what} with an error: ${outcome.error ?? ''}. flush must answer {"ok": true} once every queued call is settled (DESIGN 3).`);
  return undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
