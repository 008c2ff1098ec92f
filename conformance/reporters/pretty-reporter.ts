import { CLAUSE_LEVELS } from '../framework/clause.js';
import type { ClauseResult, ClauseTitles, ExitOptions, SuiteReport } from '../framework/suite-report.js';
import { shouldFailed } from '../framework/suite-report.js';
import { wrapList } from '../framework/wrap-list.js';
import { failureDetails } from './failure-details.js';

const MARK = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;
/** The mark of a clause about another kind of subject: not a skip of this run. */
export const NOT_APPLICABLE_MARK = 'n/a ';

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');

/** The clauses not checked because `failed` failed, grouped by that clause, in the order they first appear. */
export function blockedGroups(clauses: readonly ClauseResult[]): Map<string, ClauseResult[]> {
  const groups = new Map<string, ClauseResult[]>();
  for (const clause of clauses) {
    if (clause.status !== 'skip' || clause.blockedBy === undefined) continue;
    const group = groups.get(clause.blockedBy) ?? [];
    group.push(clause);
    groups.set(clause.blockedBy, group);
  }
  return groups;
}

/** One line for the clauses a failed clause keeps from being judged: which to fix first, and which are waiting. */
export function blockedLine(failed: string, group: readonly ClauseResult[]): string {
  const must = group.filter((c) => c.level === 'MUST').length;
  const count = `${group.length} clause${group.length === 1 ? '' : 's'}${must > 0 && must < group.length ? ` (${must} MUST)` : ''}`;
  return `not checked until ${failed} passes (fix ${failed} first, then run again): ${count}`;
}

/** For people: one line per clause, failures with message, counterexample and replay command, then a summary. */
export function formatPrettyReport(
  report: SuiteReport,
  titles: ClauseTitles = new Map(),
  exit: ExitOptions = {},
): string {
  const width = Math.max(0, ...report.clauses.map((c) => c.id.length));
  const lines = [`event-harness ${report.suite} suite, seed ${report.seed}`, ''];
  const groups = blockedGroups(report.clauses);
  for (const clause of report.clauses) {
    // The clauses a failed one keeps from being judged: once, where the first of them would be, in one block.
    if (clause.status === 'skip' && clause.blockedBy !== undefined) {
      const group = groups.get(clause.blockedBy);
      if (group?.[0] !== clause) continue;
      lines.push(
        `skip        ${blockedLine(clause.blockedBy, group)}:`,
        wrapList(
          group.map((c) => c.id),
          110,
          '       ',
        ),
      );
      continue;
    }
    const info = titles.get(clause.id);
    lines.push(
      `${clause.notApplicable === true ? NOT_APPLICABLE_MARK : MARK[clause.status]} ${clause.level.padEnd(6)} ${clause.id.padEnd(width)}  ${info?.title ?? ''}`.trimEnd(),
    );
    if (clause.status === 'fail') lines.push(indent(failureDetails(clause, { shorten: true }), '       '), '');
    else if (clause.status === 'skip' && clause.message !== undefined) lines.push(`       ${clause.message}`);
  }
  lines.push('', ...summaryLines(report, exit), '');
  return lines.join('\n');
}

/**
 * The closing lines of a report (also printed after the live progress): counts, the clauses a failed one keeps from
 * being judged (one line each: fix it first), waivers, the MUST clauses that did not run for another reason (those
 * alone may be waived), the verdict.
 */
export function summaryLines(report: SuiteReport, options: ExitOptions = {}): string[] {
  const count = (status: string, level?: string) =>
    report.clauses.filter(
      (c) => c.status === status && c.notApplicable !== true && (level === undefined || c.level === level),
    ).length;
  const notApplicable = report.clauses.filter((c) => c.notApplicable === true).length;
  // A run through an SDK's e2e CLI has clauses the contract cannot express; other runs, clauses about another subject.
  const e2eCli = report.clauses.some((c) => c.notApplicable === true && c.message?.includes('the e2e-cli contract'));
  const waived = report.waived ?? [];
  const blocked = new Set(report.clauses.filter((c) => c.blockedBy !== undefined).map((c) => c.id));
  // Waiving a clause that waits on a failed one would hide nothing worth hiding: fix the failed one instead.
  const notRun = (report.notRun ?? []).filter((id) => !blocked.has(id));
  const failedMust = count('fail', 'MUST') > 0;
  const groups = [...blockedGroups(report.clauses)].map(([failed, group]) => blockedLine(failed, group));
  return [
    `${count('pass')} passed, ${count('fail')} failed (${CLAUSE_LEVELS.map((level) => `${count('fail', level)} ${level}`).join(', ')}), ${count('skip')} skipped${notApplicable > 0 ? `, ${notApplicable} not applicable (${e2eCli ? 'the e2e-cli contract cannot express them' : 'about another kind of subject'})` : ''}`,
    ...groups,
    ...(waived.length > 0 ? [`waived (not run, accepted by --waive): ${waived.join(', ')}`] : []),
    ...(notRun.length > 0
      ? [
          `MUST clauses that did not run: ${notRun.join(', ')} (each must run and pass, or be waived by name with --waive ID)`,
          `to accept them as not run: ${notRun.map((id) => `--waive ${id}`).join(' ')}`,
        ]
      : []),
    !report.passed
      ? failedMust
        ? 'result: a MUST clause failed'
        : blocked.size > 0 && notRun.length === 0
          ? 'result: not conformant: a MUST clause was not checked (fix the failed clause named above first)'
          : 'result: not conformant: a MUST clause did not run'
      : options.failOnShould === true && shouldFailed(report)
        ? 'result: every MUST clause holds, but a SHOULD clause failed (--fail-on-should: exit 1)'
        : 'result: every MUST clause holds',
  ];
}
