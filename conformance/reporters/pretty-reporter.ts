import { CLAUSE_LEVELS } from '../framework/clause.js';
import type { ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { failureDetails } from './failure-details.js';

const MARK = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;

const indent = (text: string, by: string) => text.split('\n').map((line) => (line === '' ? line : `${by}${line}`)).join('\n');

/** For people: one line per clause, failures with message, counterexample and replay command, then a summary. */
export function formatPrettyReport(report: SuiteReport, titles: ClauseTitles = new Map()): string {
  const width = Math.max(0, ...report.clauses.map((c) => c.id.length));
  const lines = [`event-harness ${report.suite} suite, seed ${report.seed}`, ''];
  for (const clause of report.clauses) {
    const info = titles.get(clause.id);
    lines.push(`${MARK[clause.status]} ${clause.level.padEnd(6)} ${clause.id.padEnd(width)}  ${info?.title ?? ''}`.trimEnd());
    if (clause.status === 'fail') lines.push(indent(failureDetails(clause), '       '), '');
    else if (clause.status === 'skip' && clause.message !== undefined) lines.push(`       ${clause.message}`);
  }
  const count = (status: string, level?: string) => report.clauses.filter((c) => c.status === status && (level === undefined || c.level === level)).length;
  lines.push(
    '',
    `${count('pass')} passed, ${count('fail')} failed (${CLAUSE_LEVELS.map((level) => `${count('fail', level)} ${level}`).join(', ')}), ${count('skip')} skipped`,
    report.passed ? 'result: every MUST clause holds' : 'result: a MUST clause failed',
    '',
  );
  return lines.join('\n');
}
