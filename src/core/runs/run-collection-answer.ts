import { HarnessError, retryAfterHeader } from '../../errors/harness-error.js';
import {
  answerCollectionCall,
  errorBody,
  type CollectionAnswer,
  type CollectionCall,
} from '../collection/collection-answer.js';
import { corsHeaders } from '../collection/cors-rules.js';
import { answerSettingsCall } from '../collection/settings-answer.js';
import type { ApiOrigin } from '../../domain/collection/browser-settings.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import {
  openRunOfCollectionCall,
  openRunOfSettingsCall,
  runOfCollectionCall,
  runOfSettingsCall,
} from './collection-run.js';
import type { Run, RunRegistry } from './run-registry.js';

/**
 * The collection API over the runs: a POST goes to its run's core (header, write key, or the default run); a
 * preflight or another method reads no run and is answered as by the default run. A run that cannot be found
 * (an unknown X-Harness-Run, a key of another run) is an error answer with CORS, like every collection answer.
 */
export async function answerRunCollectionCall(
  runs: RunRegistry,
  call: CollectionCall,
): Promise<{ readonly run: Run; readonly answer: CollectionAnswer }> {
  if (call.method.toUpperCase() !== 'POST')
    return { run: runs.default, answer: await answerCollectionCall(runs.default.core, call) };
  let run: Run;
  try {
    await openRunOfCollectionCall(runs, call.headers, call.body);
    run = runOfCollectionCall(runs, call.headers, call.body);
  } catch (error) {
    return { run: runs.default, answer: errorAnswer(error, call.headers) };
  }
  return { run, answer: await answerCollectionCall(run.core, call) };
}

/**
 * `GET /v1/projects/{writeKey}/settings` on the run owning the key (or the one X-Harness-Run names), with that run
 * (its request log records the call); a preflight reads no run and is the default run's.
 */
export async function answerRunSettingsCall(
  runs: RunRegistry,
  headers: HeaderMap,
  call: Parameters<typeof answerSettingsCall>[1],
  apiOrigin: ApiOrigin,
): Promise<{ readonly run: Run; readonly answer: CollectionAnswer }> {
  if (call.method.toUpperCase() === 'OPTIONS')
    return { run: runs.default, answer: answerSettingsCall(runs.default.core, call, apiOrigin) };
  let run: Run;
  try {
    await openRunOfSettingsCall(runs, headers, call.writeKey);
    run = runOfSettingsCall(runs, headers, call.writeKey);
  } catch (error) {
    return { run: runs.default, answer: errorAnswer(error, headers) };
  }
  return { run, answer: answerSettingsCall(run.core, call, apiOrigin) };
}

/** A run that could not be found, in the collection API's error shape with its CORS. */
function errorAnswer(error: unknown, headers: HeaderMap): CollectionAnswer {
  if (!(error instanceof HarnessError)) throw error;
  const origin = headers.origin;
  return {
    kind: 'reply',
    status: error.httpStatus,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...retryAfterHeader(error),
      ...corsHeaders(typeof origin === 'string' ? origin : origin?.[0]),
    },
    body: errorBody(error),
    success: false,
  };
}

/**
 * A request for the snippet's bundle (`/analytics.js/v1/{writeKey}/analytics.min.js`), answered by `answer` on the
 * run owning the key (or the one X-Harness-Run names), as the settings are.
 */
export async function answerRunSnippetCall(
  runs: RunRegistry,
  headers: HeaderMap,
  writeKey: string,
  answer: (run: Run) => Promise<CollectionAnswer>,
): Promise<{ readonly run: Run; readonly answer: CollectionAnswer }> {
  let run: Run;
  try {
    await openRunOfSettingsCall(runs, headers, writeKey);
    run = runOfSettingsCall(runs, headers, writeKey);
  } catch (error) {
    return { run: runs.default, answer: errorAnswer(error, headers) };
  }
  return { run, answer: await answer(run) };
}
