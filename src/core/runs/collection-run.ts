import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { writeKeyFromAuthorization } from '../../domain/collection/read-write-key.js';
import { RunNotFoundError, RunWriteKeyMismatchError } from '../../errors/admin-errors.js';
import { StoreWriteError } from '../../errors/store-errors.js';
import type { Run, RunRegistry } from './run-registry.js';

/** The header a test may name its run with on a collection request (unmodified SDKs need none: the key decides). */
export const RUN_HEADER = 'x-harness-run';

function first(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** The write key the body names, read only when routing needs it (the pipeline's assessment reads it). */
export type BodyKey = () => string | undefined;

/**
 * The run a collection request belongs to: the one its X-Harness-Run header names (an unknown id is a 404; a key
 * owned by another run a 409), else the run owning its write key (Basic auth, else the body's writeKey), else the
 * default run. A run another replica created is built here first. Without runs nothing is read: the default run.
 */
export async function collectionRunOf(runs: RunRegistry, headers: HeaderMap, bodyKey: BodyKey): Promise<Run> {
  const named = first(headers[RUN_HEADER]);
  if (named === undefined && !runs.hasRuns) return runs.default;
  const key = writeKeyFromAuthorization(first(headers.authorization)) ?? bodyKey();
  await openNamed(runs, named, key);
  const run = named === undefined ? runs.byWriteKey(key) : namedRun(runs, named, key);
  runs.touch(run);
  return run;
}

/** The run X-Harness-Run names, which must own the key if a run owns it. */
function namedRun(runs: RunRegistry, named: string, key: string | undefined): Run {
  const found = runs.get(named.trim());
  if (found === undefined) throw new RunNotFoundError(named);
  const owner = key === undefined ? undefined : runs.ownerOf(key);
  if (key !== undefined && owner !== undefined && owner !== found)
    throw new RunWriteKeyMismatchError(key, found.id, owner.id);
  return found;
}

/** Builds here the run a settings request names or owns the key of, when another replica created it. */
export function openRunOfSettingsCall(runs: RunRegistry, headers: HeaderMap, writeKey: string): Promise<void> {
  return openNamed(runs, first(headers[RUN_HEADER]), writeKey);
}

async function openNamed(runs: RunRegistry, named: string | undefined, key: string | undefined): Promise<void> {
  const elsewhere = key === undefined ? undefined : runs.builtElsewhere(key);
  try {
    if (named !== undefined) await runs.open(named.trim());
    if (elsewhere !== undefined) await runs.open(elsewhere);
  } catch (error) {
    // The shared directory could not be read: a 503 the client retries, not a request routed to the wrong run.
    throw new StoreWriteError(`the run's record could not be read: ${(error as Error).message}`, { cause: error });
  }
}

/** The run of a settings request (`GET /v1/projects/{writeKey}/settings`): the key in the path decides. */
export function runOfSettingsCall(runs: RunRegistry, headers: HeaderMap, writeKey: string): Run {
  const named = first(headers[RUN_HEADER]);
  return named === undefined ? runs.byWriteKey(writeKey) : namedRun(runs, named, writeKey);
}
