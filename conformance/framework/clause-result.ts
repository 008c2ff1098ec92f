import type { Clause, ClauseOutcome } from './clause.js';
import { shellCommand } from './shell-quote.js';
import type { SuiteDefinition } from './suite-definition.js';
import type { SuiteSettings } from './suite-settings.js';
import type { ClauseResult } from './suite-report.js';

/** The command that replays a failed clause alone: the suite's command, the run's seed and runs, the clause, its path. */
function replayOf<Context>(
  definition: SuiteDefinition<Context>,
  context: Context,
  settings: SuiteSettings,
  clause: Clause<Context>,
  path: string | undefined,
): string {
  return shellCommand([
    ...definition.replayCommand(context),
    '--seed',
    String(settings.seed),
    '--runs',
    String(settings.runs),
    '--only',
    clause.id,
    ...(path !== undefined && path !== '' ? ['--path', path] : []),
    ...(definition.replayTail?.(context) ?? []),
  ]);
}

/** A clause's line of the report: its verdict, and for a failure the counterexample and the command that replays it. */
export function clauseResult<Context>(
  definition: SuiteDefinition<Context>,
  context: Context,
  settings: SuiteSettings,
  clause: Clause<Context>,
  outcome: ClauseOutcome,
): ClauseResult {
  const head = { id: clause.id, level: clause.level };
  const waived = settings.waive.has(clause.id) ? { waived: true as const } : {};
  switch (outcome.status) {
    case 'pass':
      return { ...head, status: 'pass', ...waived };
    case 'fail':
      return {
        ...head,
        status: 'fail',
        message: outcome.message,
        ...(outcome.counterexample !== undefined ? { counterexample: outcome.counterexample } : {}),
        replay: replayOf(definition, context, settings, clause, outcome.path),
        ...waived,
      };
    case 'skip':
      return {
        ...head,
        status: 'skip',
        message: outcome.message,
        ...waived,
        ...(outcome.notApplicable === true ? { notApplicable: true as const } : {}),
        ...(outcome.blockedBy !== undefined ? { blockedBy: outcome.blockedBy } : {}),
      };
  }
}
