import type { RunSuiteOptions } from './run-suite-options.js';
import type { SuiteDefinition, SuiteWorkers } from './suite-definition.js';
import type { ClauseResult, SuiteReport } from './suite-report.js';
import { SuiteRun } from './suite-run.js';
import { suiteSettings, type SuiteSettings } from './suite-settings.js';

/**
 * Runs the clauses and builds the report, in the suite's order whatever order they finished in. A clause
 * starts once every clause it `requires` (among those chosen) has finished; when one of them failed it is
 * skipped with a message naming what to fix first. With `workers`, up to `workers.size` clauses run at once,
 * each on its own worker's context (its own subject instance); otherwise one after another. Every clause
 * ends within its time limit and the run within its budget, whatever the subject does.
 */
export async function runSuite<Context>(
  definition: SuiteDefinition<Context>,
  context: Context,
  options: RunSuiteOptions = {},
  workers?: SuiteWorkers<Context>,
): Promise<SuiteReport> {
  const settings = suiteSettings(definition.clauses, options, workers);
  const run = new SuiteRun(definition, context, settings, options.onClause, workers);
  const clauses = await run.run();
  return suiteReport(
    definition.name,
    settings,
    clauses,
    run.chosen.map((c) => c.id),
  );
}

/** The report: it passes when no MUST clause failed and every MUST clause ran, or does not apply, or was waived. */
function suiteReport(
  suite: string,
  settings: SuiteSettings,
  clauses: readonly ClauseResult[],
  chosen: readonly string[],
): SuiteReport {
  const notRun = clauses
    .filter((r) => r.level === 'MUST' && r.status === 'skip' && r.notApplicable !== true && r.waived !== true)
    .map((r) => r.id);
  const failedMust = clauses.some((r) => r.level === 'MUST' && r.status === 'fail');
  return {
    suite,
    seed: settings.seed,
    passed: !failedMust && notRun.length === 0,
    clauses: [...clauses],
    waived: chosen.filter((id) => settings.waive.has(id)),
    notRun,
  };
}
