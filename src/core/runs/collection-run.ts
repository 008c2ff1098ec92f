import { decodeBody } from '../../domain/collection/decode-body.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { writeKeyFromAuthorization } from '../../domain/collection/read-write-key.js';
import { isObject } from '../../contract/is-object.js';
import { RunNotFoundError, RunWriteKeyMismatchError } from '../../errors/admin-errors.js';
import { StoreWriteError } from '../../errors/store-errors.js';
import type { Run, RunRegistry } from './run-registry.js';

/** The header a test may name its run with on a collection request (unmodified SDKs need none: the key decides). */
export const RUN_HEADER = 'x-harness-run';

function first(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** The write key of a body, read only to route it (the run's collection service reads it again, with every rule). */
function bodyWriteKey(headers: HeaderMap, body: Uint8Array | string): string | undefined {
  try {
    const decoded = decodeBody(body, headers['content-type'], headers['content-encoding'], { anyMediaType: true });
    const value = decoded.value;
    return isObject(value) && typeof value.writeKey === 'string' && value.writeKey !== '' ? value.writeKey : undefined;
  } catch {
    // A body the service cannot read: the run it lands on (the key's or the default) answers the error.
    return undefined;
  }
}

/**
 * The run a collection request belongs to, from its headers alone, or undefined when that needs the body (no
 * Basic auth while runs exist) or the answer is an error: the caller then takes the full path (runOfCollectionCall).
 * The fast path's one lookup.
 */
export function runOfHeaders(runs: RunRegistry, headers: HeaderMap): Run | undefined {
  if (headers[RUN_HEADER] !== undefined) return undefined;
  // Without runs (the common case) nothing is read: the default run answers, as before runs existed.
  if (!runs.hasRuns) return runs.default;
  const key = writeKeyFromAuthorization(first(headers.authorization));
  // A run another replica created is built on its first request, on the full path.
  if (key === undefined || runs.builtElsewhere(key) !== undefined) return undefined;
  const run = runs.byWriteKey(key);
  runs.touch(run);
  return run;
}

/**
 * Builds here, before routing, the run a collection request names (X-Harness-Run) or owns the key of, when another
 * replica created it and this process has not built it yet; routing (runOfCollectionCall) then finds it.
 */
export async function openRunOfCollectionCall(
  runs: RunRegistry,
  headers: HeaderMap,
  body: Uint8Array | string,
): Promise<void> {
  const named = first(headers[RUN_HEADER]);
  const key = runs.hasRuns
    ? (writeKeyFromAuthorization(first(headers.authorization)) ?? bodyWriteKey(headers, body))
    : undefined;
  await openNamed(runs, named, key);
}

/** Like openRunOfCollectionCall, for a settings request: the key is in the path. */
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

/**
 * The run a collection request belongs to: the one its X-Harness-Run header names (an unknown id is a 404; a key
 * owned by another run a 409), else the run owning its write key (Basic auth, else the body's writeKey), else the
 * default run.
 */
export function runOfCollectionCall(runs: RunRegistry, headers: HeaderMap, body: Uint8Array | string): Run {
  const named = first(headers[RUN_HEADER]);
  if (named === undefined && !runs.hasRuns) return runs.default;
  const key = writeKeyFromAuthorization(first(headers.authorization)) ?? bodyWriteKey(headers, body);
  let run: Run;
  if (named !== undefined) {
    const found = runs.get(named.trim());
    if (found === undefined) throw new RunNotFoundError(named);
    const owner = key === undefined ? undefined : runs.ownerOf(key);
    if (key !== undefined && owner !== undefined && owner !== found)
      throw new RunWriteKeyMismatchError(key, found.id, owner.id);
    run = found;
  } else run = runs.byWriteKey(key);
  runs.touch(run);
  return run;
}

/** The run of a settings request (`GET /v1/projects/{writeKey}/settings`): the key in the path decides. */
export function runOfSettingsCall(runs: RunRegistry, headers: HeaderMap, writeKey: string): Run {
  const named = first(headers[RUN_HEADER]);
  if (named === undefined) return runs.byWriteKey(writeKey);
  const found = runs.get(named.trim());
  if (found === undefined) throw new RunNotFoundError(named);
  const owner = runs.ownerOf(writeKey);
  if (owner !== undefined && owner !== found) throw new RunWriteKeyMismatchError(writeKey, found.id, owner.id);
  return found;
}
