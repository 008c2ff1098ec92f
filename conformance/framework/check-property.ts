import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { ClauseTimeoutError } from '../errors/conformance-errors.js';
import type { ClauseEnv } from './clause.js';

export interface PropertyOptions {
  /** Fewer runs than the suite's, for clauses whose runs are costly (large bodies, concurrency). */
  readonly maxRuns?: number;
  /** Stop at the first failure without shrinking (clauses where each failing run costs a whole timeout). */
  readonly endOnFailure?: boolean;
  /** Safety net: stop generating (and shrinking) after this long; what was found so far is kept. */
  readonly timeLimitMs?: number;
}

/** `interrupted`: the time limit ended generation or shrinking (checkProperty always says; other producers may not). */
export type PropertyResult<T, F> =
  | { readonly failed: false; readonly numRuns: number; readonly interrupted?: boolean }
  | {
      readonly failed: true;
      readonly value: T;
      readonly failure: F;
      readonly path: string;
      readonly interrupted?: boolean;
    };

/**
 * Runs of one property at once, each on a lane of its own (its own subject instance and mock): `checkOn(value, lane)`
 * judges a value on lane 0 to `count - 1`. Lane 0 is where the predicate itself runs (the shrink steps).
 */
export interface PropertyLanes<T, F> {
  readonly count: number;
  checkOn(value: T, lane: number): Promise<F | undefined>;
}

/** What the runs made side by side found: by index in fast-check's order, until the first failure. */
interface Prefetched<T, F> {
  readonly outcomes: readonly { readonly value: T; readonly outcome: F | undefined }[];
  /** Index of the first failing run, or undefined when every run that finished held. */
  readonly failedAt: number | undefined;
}

/**
 * The values fast-check will generate for this seed (fc.sample of the same arbitrary draws the same ones), judged
 * `lanes.count` at a time in their order: no new run starts past `timeLimitMs` (the first always does) or after a
 * failure, and the runs under way finish. Every run before the first failure has then finished too.
 */
async function prefetch<T, F>(
  arbitrary: fc.Arbitrary<T>,
  seed: number,
  numRuns: number,
  timeLimitMs: number | undefined,
  lanes: PropertyLanes<T, F>,
): Promise<Prefetched<T, F>> {
  // Sampled from the arbitrary, not the property: fc.sample wraps anything that is not its own Property in one,
  // and a property wrapped so draws its bias from another run index than fc.check gives it.
  const values = fc.sample(arbitrary, { seed, numRuns });
  const deadline = timeLimitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeLimitMs;
  const outcomes: { value: T; outcome: F | undefined }[] = [];
  let next = 0;
  let failedAt: number | undefined;
  let thrown: { error: unknown } | undefined;
  const lane = async (index: number) => {
    while (next < values.length && thrown === undefined && (failedAt === undefined || next < failedAt)) {
      if (next > 0 && Date.now() >= deadline) return;
      const at = next++;
      const value = values[at] as T;
      try {
        const outcome = await lanes.checkOn(value, index);
        outcomes[at] = { value, outcome };
        if (outcome !== undefined && (failedAt === undefined || at < failedAt)) failedAt = at;
      } catch (error) {
        thrown ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes.count) }, (_, index) => lane(index)));
  if (thrown !== undefined) throw thrown.error;
  // Runs finished in order up to the first gap (a run past the deadline that never started), or to the failure.
  const finished: { value: T; outcome: F | undefined }[] = [];
  for (const done of outcomes) {
    if (done === undefined) break;
    finished.push(done);
    if (done.outcome !== undefined) break;
  }
  return { outcomes: finished, failedAt };
}

/** Thrown inside a property to carry the failure out through fast-check. */
class PropertyFailed<F> extends Error {
  constructor(readonly failure: F) {
    super('property failed');
  }
}

/**
 * The verdict when the time limit passed before any run finished: the first run's, awaited (the runner's hard limit
 * bounds the wait), unshrunk.
 */
async function firstRunResult<T, F>(
  first: { readonly value: T; readonly outcome: Promise<F | undefined> } | undefined,
  env: ClauseEnv,
  timeLimitMs: number | undefined,
): Promise<PropertyResult<T, F>> {
  if (first === undefined)
    throw new ClauseTimeoutError(
      `no run started within the clause's time limit of ${timeLimitMs ?? '?'} ms; raise the limit`,
    );
  const failure = await first.outcome;
  if (failure === undefined) return { failed: false, numRuns: 1, interrupted: true };
  return { failed: true, value: first.value, failure, path: env.path ?? '0', interrupted: true };
}

/** How many runs fast-check makes, within what time, and whether runs side by side were cut short by it. */
interface RunPlan {
  readonly numRuns: number;
  readonly timeLimitMs: number | undefined;
  readonly cutShort: boolean;
  readonly startedAt: number;
}

function plannedRuns(env: ClauseEnv, options: PropertyOptions): RunPlan {
  const timeLimitMs =
    options.timeLimitMs === undefined
      ? env.timeLimitMs
      : Math.min(options.timeLimitMs, env.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const numRuns = Math.max(1, Math.min(env.runs, options.maxRuns ?? env.runs));
  return { numRuns, timeLimitMs, cutShort: false, startedAt: Date.now() };
}

/** The plan once the runs were made side by side: fast-check replays those that finished. */
function afterPrefetch<T, F>(plan: RunPlan, known: Prefetched<T, F>): RunPlan {
  // The time limit ended the runs side by side: the property holds for those that ran.
  const cutShort = known.failedAt === undefined && known.outcomes.length < plan.numRuns;
  // Replaying what was found costs nothing; what is left of the limit goes to shrinking (at least a second for the replay).
  const timeLimitMs =
    plan.timeLimitMs === undefined ? undefined : Math.max(1_000, plan.timeLimitMs - (Date.now() - plan.startedAt));
  return { ...plan, numRuns: cutShort ? known.outcomes.length : plan.numRuns, timeLimitMs, cutShort };
}

/**
 * Runs `predicate` as a fast-check property with the clause's seed and runs. The predicate answers
 * undefined when the value conforms, or a failure describing what went wrong; the failure returned is the
 * one of the shrunk counterexample (the last value that failed), so it describes exactly that value.
 * A predicate that throws is a bug in the suite, not in the target: it is rethrown. When the time limit
 * passes before a single run finished (fast-check then stops waiting for it), that first run is awaited: its
 * verdict is the clause's, unshrunk, so a time share shorter than one run costs runs, never the verdict (the
 * runner's hard limit still bounds the wait).
 *
 * With `lanes`, the runs fast-check would make are first made side by side on the lanes, in its order; fast-check
 * then replays them from those outcomes (the same seed draws the same values) and shrinks a failure on lane 0, so
 * the report, the path and the replay are what a run one at a time gives. A replay (`path`) runs on lane 0 alone.
 */
export async function checkProperty<T, F>(
  env: ClauseEnv,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<F | undefined>,
  options: PropertyOptions = {},
  lanes?: PropertyLanes<T, F>,
): Promise<PropertyResult<T, F>> {
  let first: { readonly value: T; readonly outcome: Promise<F | undefined> } | undefined;
  let known: Prefetched<T, F> | undefined;
  let calls = 0;
  const judge = (value: T): Promise<F | undefined> => {
    const done = known?.outcomes[calls++];
    // fast-check's first runs are the prefetched ones, in order; anything else (a shrink step) runs here.
    if (done !== undefined && isDeepStrictEqual(done.value, value)) return Promise.resolve(done.outcome);
    return predicate(value);
  };
  const property = fc.asyncProperty(arbitrary, async (value) => {
    const outcome = judge(value);
    first ??= { value, outcome };
    const failure = await outcome;
    if (failure === undefined) return;
    throw new PropertyFailed(failure);
  });
  let plan = plannedRuns(env, options);
  if (lanes !== undefined && lanes.count > 1 && env.path === undefined) {
    known = await prefetch(arbitrary, env.seed, plan.numRuns, plan.timeLimitMs, lanes);
    plan = afterPrefetch(plan, known);
  }
  const { numRuns, timeLimitMs, cutShort } = plan;
  const details = await fc.check(property, {
    seed: env.seed,
    numRuns,
    ...(env.path !== undefined ? { path: env.path } : {}),
    ...(options.endOnFailure === true ? { endOnFailure: true } : {}),
    ...(timeLimitMs !== undefined ? { interruptAfterTimeLimit: timeLimitMs } : {}),
  });
  // interrupted: the time limit ended generation or shrinking; the run in progress then still goes on in the
  // background (fast-check does not wait for it), so the caller must stop it touching the subject.
  const nothingFinished =
    details.interrupted && (details.failed ? details.errorInstance === null : details.numRuns === 0);
  if (nothingFinished) return firstRunResult(first, env, timeLimitMs);
  if (!details.failed) return { failed: false, numRuns: details.numRuns, interrupted: details.interrupted || cutShort };
  if (!(details.errorInstance instanceof PropertyFailed) || details.counterexample === null)
    throw details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
  return {
    failed: true,
    value: details.counterexample[0],
    failure: (details.errorInstance as PropertyFailed<F>).failure,
    path: details.counterexamplePath ?? '',
    interrupted: details.interrupted,
  };
}
