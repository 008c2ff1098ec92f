import type { PropertyOptions } from '../../framework/check-property.js';
import type { ClauseOutcome } from '../../framework/clause.js';
import type { ClientContext, ClientRun } from '../client-context.js';

/** At most five items, then how many more: failure messages name a few calls, not twenty. */
export function listed(items: readonly string[], most = 5): string {
  return items.length <= most ? items.join(', ') : `${items.slice(0, most).join(', ')} and ${items.length - most} more`;
}

/**
 * Events of the failing run that arrived after it ended, while a later run was under way: never counted there (each
 * run has its own markers), named here, where they were missing.
 */
export function lateNote(run: ClientRun | undefined): string {
  const late = run?.lateArrivals() ?? [];
  if (late.length === 0) return '';
  const calls = [...new Set(late.flatMap((l) => l.calls))].sort((a, b) => a - b);
  const first = Math.min(...late.map((l) => l.afterMs));
  return ` Late: ${late.length} request${late.length === 1 ? '' : 's'} with call${calls.length === 1 ? '' : 's'} ${listed(calls.map(String))} of this run arrived ${Math.round(first)} ms or more after the run had ended (while a later run was under way); a later run does not count them, and they came too late for this one.`;
}

/** A pass, saying how many runs it took when its share of the budget ended the property early. */
export function passAfter(
  result: { readonly numRuns: number; readonly interrupted?: boolean },
  runs: number,
  property: PropertyOptions | ((context: ClientContext) => PropertyOptions) | undefined,
  context: ClientContext,
): ClauseOutcome {
  const options = typeof property === 'function' ? property(context) : property;
  const asked = Math.max(1, Math.min(runs, options?.maxRuns ?? runs));
  return result.interrupted === true && result.numRuns < asked
    ? { status: 'pass', runs: { ran: result.numRuns, asked } }
    : { status: 'pass' };
}
