import { CLAUSE_LEVELS } from '../framework/clause.js';
import type { ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { failureDetails } from './failure-details.js';

const MARK = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;
/** The mark of a clause about another kind of subject: not a skip of this run. */
export const NOT_APPLICABLE_MARK = 'n/a ';

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');

/** For people: one line per clause, failures with message, counterexample and replay command, then a summary. */
export function formatPrettyReport(report: SuiteReport, titles: ClauseTitles = new Map()): string {
  const width = Math.max(0, ...report.clauses.map((c) => c.id.length));
  const lines = [`event-harness ${report.suite} suite, seed ${report.seed}`, ''];
  for (const clause of report.clauses) {
    const info = titles.get(clause.id);
    lines.push(
      `${clause.notApplicable === true ? NOT_APPLICABLE_MARK : MARK[clause.status]} ${clause.level.padEnd(6)} ${clause.id.padEnd(width)}  ${info?.title ?? ''}`.trimEnd(),
    );
    if (clause.status === 'fail') lines.push(indent(failureDetails(clause, { shorten: true }), '       '), '');
    else if (clause.status === 'skip' && clause.message !== undefined) lines.push(`       ${clause.message}`);
  }
  lines.push('', ...summaryLines(report), '');
  return lines.join('\n');
}

/** The closing lines of a report (also printed after the live progress): counts, waivers, MUST clauses not run, the verdict. */
export function summaryLines(report: SuiteReport): string[] {
  const count = (status: string, level?: string) =>
    report.clauses.filter(
      (c) => c.status === status && c.notApplicable !== true && (level === undefined || c.level === level),
    ).length;
  const notApplicable = report.clauses.filter((c) => c.notApplicable === true).length;
  const waived = report.waived ?? [];
  const notRun = report.notRun ?? [];
  const failedMust = count('fail', 'MUST') > 0;
  return [
    `${count('pass')} passed, ${count('fail')} failed (${CLAUSE_LEVELS.map((level) => `${count('fail', level)} ${level}`).join(', ')}), ${count('skip')} skipped${notApplicable > 0 ? `, ${notApplicable} not applicable (about another kind of subject)` : ''}`,
    ...(waived.length > 0 ? [`waived (not run, accepted by --waive): ${waived.join(', ')}`] : []),
    ...(notRun.length > 0
      ? [
          `MUST clauses that did not run: ${notRun.join(', ')} (each must run and pass, or be waived by name with --waive ID)`,
          `to accept them as not run: ${notRun.map((id) => `--waive ${id}`).join(' ')}`,
        ]
      : []),
    report.passed
      ? 'result: every MUST clause holds'
      : failedMust
        ? 'result: a MUST clause failed'
        : 'result: not conformant: a MUST clause did not run',
  ];
}
