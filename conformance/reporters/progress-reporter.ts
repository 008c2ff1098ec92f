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
  const runs =
    progress.runs === undefined
      ? ''
      : `, ${progress.runs.ran} of ${progress.runs.asked} runs within its share of the budget`;
  return `${position} ${verdict} ${result.level.padEnd(6)} ${result.id} (${seconds(progress.durationMs)}${runs})${shown === '' ? '' : `  ${shown}`}\n`;
}

/** A clause not checked because another failed, held back so those clauses print as one line. */
interface Held {
  readonly result: ClauseResult;
  readonly progress: ClauseProgress;
}

/**
 * Progress lines for a run: each clause as it finishes, except the clauses a failed one keeps from being judged,
 * which come as one line per failed clause ("fix X first") once the next other clause finishes, or at `end`.
 */
export function groupedProgress(write: (line: string) => void, titles: ClauseTitles = new Map()) {
  const held = new Map<string, Held[]>();
  const release = () => {
    for (const [failed, group] of held) {
      const first = group[0];
      const last = group.at(-1);
      if (first === undefined || last === undefined) continue;
      const total = String(first.progress.total);
      const range =
        group.length === 1
          ? String(first.progress.index + 1).padStart(total.length)
          : `${first.progress.index + 1}-${last.progress.index + 1}`;
      const ids = group.map((h) => h.result.id);
      const shown = ids.length > 6 ? `${ids.slice(0, 6).join(', ')} and ${ids.length - 6} more` : ids.join(', ');
      write(
        `[${range}/${total}] skip ${group.length === 1 ? `${first.result.level.padEnd(6)} ` : ''}${shown}  not checked until ${failed} passes; fix ${failed} first\n`,
      );
    }
    held.clear();
  };
  return {
    onClause(result: ClauseResult, progress: ClauseProgress): void {
      if (result.status === 'skip' && result.blockedBy !== undefined) {
        const group = held.get(result.blockedBy) ?? [];
        group.push({ result, progress });
        held.set(result.blockedBy, group);
        return;
      }
      release();
      write(progressLine(result, progress, titles));
    },
    end: release,
  };
}
