import { HarnessError } from '../../errors/harness-error.js';
import { type CollectionAnswer, errorAnswer, headerOf } from '../collection/collection-answer.js';
import type { HeaderMap } from '../../domain/collection/collection-service.js';
import { openRunOfSettingsCall, runOfSettingsCall } from './collection-run.js';
import type { Run, RunRegistry } from './run-registry.js';

/**
 * A request for the snippet's bundle (`/analytics.js/v1/{writeKey}/analytics.min.js`), answered by `answer` on the
 * run owning the key (or the one X-Harness-Run names), as the settings are. A run that cannot be found is an error
 * answer with CORS, as every collection answer.
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
    if (!(error instanceof HarnessError)) throw error;
    return { run: runs.default, answer: errorAnswer(error, headerOf(headers, 'origin')) };
  }
  return { run, answer: await answer(run) };
}
