import type fc from 'fast-check';
import { checkProperty, type PropertyOptions } from '../../framework/check-property.js';
import type { Clause, ClauseLevel } from '../../framework/clause.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { Capability } from '../client-target.js';
import { isSuccess, requestsCarrying } from '../wire-events.js';

/** What one failing run shows: the finding in words and the run (calls, faults) that shows it. */
export interface RunFailure {
  readonly message: string;
  readonly counterexample: unknown;
}

/** The clause every other one needs: without the write key the mock refuses everything (401), so nothing else can be judged. */
export const FOUNDATION = ['5.3.write-key'] as const;

export interface ClientClauseDefinition<T> {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly title: string;
  readonly spec: string;
  readonly requires?: readonly string[];
  /** Capabilities the driver must list for this clause to run. */
  readonly needs?: readonly Capability[];
  readonly arbitrary: (context: ClientContext) => fc.Arbitrary<T>;
  readonly property?: PropertyOptions;
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
      return `the driver ${context.hello.name} does not list the capabilit${missing.length === 1 ? 'y' : 'ies'} ${missing.map((m) => JSON.stringify(m)).join(', ')} in its ready line (it lists ${JSON.stringify([...context.capabilities])})`;
    },
    async run(context, env) {
      const result = await checkProperty(env, definition.arbitrary(context), (value) => definition.check(context, value, definition.id), definition.property);
      if (!result.failed) return { status: 'pass' };
      return { status: 'fail', message: result.failure.message, counterexample: result.failure.counterexample, path: result.path };
    },
  };
}

/** A failure of this run, with the run as counterexample. */
export function failed(run: ClientRun, message: string): RunFailure {
  return { message, counterexample: run.counterexample() };
}

/** Calls the driver refused although they were valid (SPEC 2.3): a failure naming the first, or undefined. */
export function refusedValidCall(run: ClientRun): RunFailure | undefined {
  const refused = run.calls.find((c) => c.refused !== undefined);
  if (refused === undefined) return undefined;
  return failed(run, `The driver refused call ${refused.index} (${refused.op}), a valid call of SPEC 2.3: ${refused.refused ?? ''}. Every ${refused.op} with the fields SPEC 2.3 requires must be queued.`);
}

/** The calls accepted by the driver whose events never arrived in a request answered 2xx. */
export function undelivered(run: ClientRun): readonly string[] {
  const requests = run.requests();
  return run.calls.filter((c) => c.refused === undefined && !requestsCarrying(requests, c.marker).some(isSuccess)).map((c) => `${c.index} (${c.op})`);
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
