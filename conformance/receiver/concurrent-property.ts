import fc from 'fast-check';
import { checkProperty, type PropertyOptions, type PropertyResult } from '../framework/check-property.js';
import type { ClauseEnv } from '../framework/clause.js';
import { ClauseTimeoutError } from '../errors/conformance-errors.js';
import type { DeliveryLimit } from './delivery-limit.js';

export interface ConcurrentPropertyOptions extends PropertyOptions {
  /** Deliveries in flight at once; lowered when a failure under load does not repeat alone. */
  readonly limit: DeliveryLimit;
  /**
   * Called once the concurrent screening is over, with the number of examples of the property: the receiver
   * suite numbers messageIds past them, so shrinking never repeats one and the numbering does not depend on
   * how many examples happened to be in flight when the first failure came back.
   */
  readonly onScreened?: (numRuns: number) => void;
}

/** What screening found: the lowest failing example (index and failure), how many examples finished, and whether time ran out. */
interface Screening<F> {
  readonly failedAt: number | undefined;
  readonly failure: F | undefined;
  readonly completed: number;
  readonly interrupted: boolean;
}

/** A predicate that threw: a bug of the suite, which fast-check's own run (the confirmation) rethrows. */
const THREW = Symbol('threw');

/**
 * The examples fast-check would run for this property, in order: fast-check's own generation (the seed, the
 * bias by run index), collected by an async property as checkProperty builds it, which only records (so global
 * fast-check settings apply alike). No delivery is made.
 */
async function examplesOf<T>(seed: number, numRuns: number, arbitrary: fc.Arbitrary<T>): Promise<T[]> {
  const values: T[] = [];
  await fc.check(
    fc.asyncProperty(arbitrary, async (value) => void values.push(value)),
    { seed, numRuns },
  );
  return values;
}

/**
 * Runs the predicate over `values[from..]`, at most `limit.current` at once, started in index order. Once an
 * example fails nothing after it is started; nothing is started after the deadline either. The screening ends
 * when every example started has finished: each delivery ends by its own wait (the answer deadline), so the
 * examples in flight at the deadline are awaited and judged, never dropped.
 */
function screen<T, F>(
  values: readonly T[],
  from: number,
  predicate: (value: T) => Promise<F | undefined>,
  limit: DeliveryLimit,
  deadline: number,
): Promise<Screening<F | typeof THREW>> {
  return new Promise((resolve) => {
    let next = from;
    let completed = 0;
    let failedAt: number | undefined;
    let failure: F | typeof THREW | undefined;
    let late = false;
    const running = new Set<number>();
    const timer = Number.isFinite(deadline)
      ? setTimeout(
          () => {
            late = true;
            pump();
          },
          Math.max(0, deadline - Date.now()),
        )
      : undefined;
    function settled(index: number, outcome: F | typeof THREW | undefined) {
      running.delete(index);
      completed++;
      if (outcome !== undefined && (failedAt === undefined || index < failedAt)) {
        failedAt = index;
        failure = outcome;
      }
      pump();
    }
    function pump() {
      const end = failedAt ?? values.length;
      while (next < end && running.size < limit.current && !late && Date.now() < deadline) {
        const index = next++;
        running.add(index);
        let outcome: Promise<F | undefined>;
        try {
          outcome = predicate(values[index] as T);
        } catch {
          outcome = Promise.reject(new Error('the predicate threw'));
        }
        outcome.then(
          (found) => settled(index, found),
          () => settled(index, THREW),
        );
      }
      // Every delivery started is waited for (each ends by its own wait), so the run that confirms a failure
      // alone is really alone, and nothing of this clause is still in flight when the next one starts.
      if (running.size > 0 || (next < end && !late && Date.now() < deadline)) return;
      clearTimeout(timer);
      resolve({ failedAt, failure, completed, interrupted: next < end });
    }
    pump();
  });
}

/**
 * `checkProperty` with the examples delivered concurrently, for clauses whose examples do not depend on each
 * other. The verdict, the counterexample and its replay path are those of the sequential run:
 *
 * 1. the examples are fast-check's own for the clause's seed, and they run `limit.current` at a time;
 * 2. when none fails, the clause passes after the same examples the sequential run would have tried;
 * 3. the lowest failing example `k` is sent alone, then handed to fast-check with the path `k`, which runs it
 *    alone again and, when it fails again, shrinks it exactly as the sequential run would have (same seed, same
 *    path `k:...`): twice alone, so deliveries given up on at their deadline and still queued at the receiver do
 *    not make the lone one fail;
 * 4. when example `k` passes alone, its failure came from the load (a receiver that is not safe under
 *    concurrent deliveries): the limit is halved and the screening goes on after `k`. Such a receiver gets
 *    the verdicts of the sequential run on every clause; 4.1.concurrent is the one about concurrency.
 *
 * At a limit of 1, and when replaying a path, this is `checkProperty` itself.
 */
export async function checkPropertyConcurrently<T, F>(
  env: ClauseEnv,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<F | undefined>,
  options: ConcurrentPropertyOptions,
): Promise<PropertyResult<T, F>> {
  const { limit, onScreened, ...propertyOptions } = options;
  if (env.path !== undefined || limit.current <= 1) return checkProperty(env, arbitrary, predicate, propertyOptions);
  const numRuns = Math.max(1, Math.min(env.runs, propertyOptions.maxRuns ?? env.runs));
  const timeLimitMs = propertyOptions.timeLimitMs ?? env.timeLimitMs;
  const deadline = timeLimitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeLimitMs;
  const property: SequentialProperty<T, F> = { env, arbitrary, predicate, propertyOptions, deadline };
  const values = await examplesOf(env.seed, numRuns, arbitrary);
  let from = 0;
  let finished = 0;
  while (from < values.length) {
    // Fallen to one at a time: the rest of the run is fast-check's own sequential run, from example `from` on.
    if (limit.current <= 1) {
      onScreened?.(numRuns);
      const rest = await runFrom(property, from, values.length - from);
      return rest.failed ? rest : { failed: false, numRuns: from + rest.numRuns };
    }
    const screening = await screen(values, from, predicate, limit, deadline);
    finished += screening.completed;
    onScreened?.(numRuns);
    const k = screening.failedAt;
    if (k === undefined) return screenedPass(screening, finished, values.length, timeLimitMs);
    const found = await confirmFailure(property, values, k, screening.failure);
    if (found !== undefined) return found;
    limit.lower();
    from = k + 1;
  }
  return { failed: false, numRuns: values.length, interrupted: false };
}

/** What fast-check's sequential run of the property needs, for the examples run alone. */
interface SequentialProperty<T, F> {
  readonly env: ClauseEnv;
  readonly arbitrary: fc.Arbitrary<T>;
  readonly predicate: (value: T) => Promise<F | undefined>;
  readonly propertyOptions: PropertyOptions;
  readonly deadline: number;
}

/** fast-check's own sequential run from example `from` on, `maxRuns` of them, within what is left of the time limit. */
function runFrom<T, F>(property: SequentialProperty<T, F>, from: number, maxRuns: number) {
  const { env, arbitrary, predicate, propertyOptions, deadline } = property;
  return checkProperty({ ...env, path: String(from) }, arbitrary, predicate, {
    ...propertyOptions,
    ...(Number.isFinite(deadline) ? { timeLimitMs: Math.max(1, Math.round(deadline - Date.now())) } : {}),
    maxRuns,
  });
}

/** The verdict of a screening in which no example failed: a pass over the examples that finished. */
function screenedPass<T, F>(
  screening: Screening<unknown>,
  finished: number,
  examples: number,
  timeLimitMs: number | undefined,
): PropertyResult<T, F> {
  if (screening.interrupted && finished === 0)
    throw new ClauseTimeoutError(
      `the first run did not finish within the clause's time limit of ${timeLimitMs ?? '?'} ms (0 runs finished): the subject never completed what the run asked of it; see the messages of the clauses before this one, or raise the limit`,
    );
  // Interrupted: the examples that finished; otherwise every one did.
  return { failed: false, numRuns: screening.interrupted ? finished : examples, interrupted: screening.interrupted };
}

/**
 * Example `k` failed in the screening: the finding when it fails alone too (shrunk by fast-check from path `k`), or
 * undefined when it passes alone (its failure came from the load).
 */
async function confirmFailure<T, F>(
  property: SequentialProperty<T, F>,
  values: readonly T[],
  k: number,
  failure: F | typeof THREW | undefined,
): Promise<PropertyResult<T, F> | undefined> {
  // No time left to run it alone and shrink it: report it as found, as fast-check does when interrupted.
  if (Date.now() >= property.deadline && failure !== THREW && failure !== undefined)
    return { failed: true, value: values[k] as T, failure, path: String(k) };
  // The receiver may still be busy with deliveries the screening gave up on at their deadline (a queue outlives
  // them): the example is sent alone once before fast-check sends it again; only a failure both times is a finding.
  const settled = await Promise.resolve()
    .then(() => property.predicate(values[k] as T))
    .catch(() => THREW);
  if (settled === undefined) return undefined;
  const alone = await runFrom(property, k, 1);
  return alone.failed ? alone : undefined;
}
