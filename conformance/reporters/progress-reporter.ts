import type { ClauseProgress } from '../framework/run-suite-options.js';
import type { ClauseTitles, ClauseResult } from '../framework/suite-report.js';
import { NOT_APPLICABLE_MARK } from './pretty-reporter.js';

const VERDICT = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/**
 * One line for a clause that just finished: position, verdict, level, id, time, and the first line of what
 * went wrong. Plain text without cursor movement or colour, so it reads the same on a terminal and in a CI log.
 */
export function progressLine(result: ClauseResult, progress: ClauseProgress, titles: ClauseTitles = new Map()): string {
  const position = `[${String(progress.index + 1).padStart(String(progress.total).length)}/${progress.total}]`;
  const verdict =
    result.waived === true ? 'waiv' : result.notApplicable === true ? NOT_APPLICABLE_MARK : VERDICT[result.status];
  const why =
    result.status === 'pass' ? (titles.get(result.id)?.title ?? '') : ((result.message ?? '').split('\n')[0] ?? '');
  const shown = why.length > 160 ? `${why.slice(0, 157)}...` : why;
  return `${position} ${verdict} ${result.level.padEnd(6)} ${result.id} (${seconds(progress.durationMs)})${shown === '' ? '' : `  ${shown}`}\n`;
}
