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

/** Thrown inside a property to carry the failure out through fast-check. */
class PropertyFailed<F> extends Error {
  constructor(readonly failure: F) {
    super('property failed');
  }
}

/**
 * Runs `predicate` as a fast-check property with the clause's seed and runs. The predicate answers
 * undefined when the value conforms, or a failure describing what went wrong; the failure returned is the
 * one of the shrunk counterexample (the last value that failed), so it describes exactly that value.
 * A predicate that throws is a bug in the suite, not in the target: it is rethrown. When the time limit
 * passes before a single run finished (fast-check then stops waiting for it), that first run is awaited: its
 * verdict is the clause's, unshrunk, so a time share shorter than one run costs runs, never the verdict (the
 * runner's hard limit still bounds the wait).
 */
export async function checkProperty<T, F>(
  env: ClauseEnv,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<F | undefined>,
  options: PropertyOptions = {},
): Promise<PropertyResult<T, F>> {
  let first: { readonly value: T; readonly outcome: Promise<F | undefined> } | undefined;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    const outcome = predicate(value);
    first ??= { value, outcome };
    const failure = await outcome;
    if (failure === undefined) return;
    throw new PropertyFailed(failure);
  });
  const numRuns = Math.max(1, Math.min(env.runs, options.maxRuns ?? env.runs));
  const timeLimitMs =
    options.timeLimitMs === undefined
      ? env.timeLimitMs
      : Math.min(options.timeLimitMs, env.timeLimitMs ?? Number.POSITIVE_INFINITY);
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
  if (nothingFinished) {
    if (first === undefined)
      throw new ClauseTimeoutError(
        `no run started within the clause's time limit of ${timeLimitMs ?? '?'} ms; raise the limit`,
      );
    const failure = await first.outcome;
    if (failure === undefined) return { failed: false, numRuns: 1, interrupted: true };
    return { failed: true, value: first.value, failure, path: env.path ?? '0', interrupted: true };
  }
  if (!details.failed) return { failed: false, numRuns: details.numRuns, interrupted: details.interrupted };
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
