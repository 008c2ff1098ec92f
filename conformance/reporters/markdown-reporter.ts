import type { ClauseResult, ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { failureDetails } from './failure-details.js';
import { summaryLines } from './pretty-reporter.js';

/** Text inside a table cell: no line breaks, pipes escaped, Markdown's inline marks neutralised. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** A fenced block that no backtick run inside `text` can close early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

const MARK = { pass: '✅ pass', fail: '❌ fail', skip: '⏭️ skip' } as const;

function statusOf(clause: ClauseResult, notRun: ReadonlySet<string>): string {
  if (clause.notApplicable === true) return 'n/a';
  if (clause.waived === true) return '⏭️ waived';
  if (clause.blockedBy !== undefined) return `⏭️ not checked (fix \`${clause.blockedBy}\` first)`;
  if (notRun.has(clause.id)) return '⚠️ not run';
  return MARK[clause.status];
}

function failureSection(clause: ClauseResult, titles: ClauseTitles): string[] {
  const info = titles.get(clause.id);
  const { replay, ...rest } = clause;
  return [
    `#### ❌ ${clause.level} \`${clause.id}\`${info !== undefined ? `: ${cell(info.title)}` : ''}`,
    '',
    ...(info !== undefined ? [`Reference: ${cell(info.spec)} (the package's docs/rules.md).`, ''] : []),
    // Message (what the receiver or client did, and what to change) and the counterexample, as `check` prints them.
    fenced(failureDetails(rest, { shorten: true })),
    '',
    ...(replay !== undefined ? ['Replay it locally:', '', fenced(replay, 'sh'), ''] : []),
  ];
}

/**
 * Markdown for people reading a CI run (GitHub's job summary, a pull request comment): the verdict, the counts,
 * one table row per clause, then each failure with its message (what went wrong and the fix), the
 * counterexample and the command that replays it.
 */
export function formatMarkdownReport(report: SuiteReport, titles: ClauseTitles = new Map()): string {
  const notRun = new Set(report.notRun ?? []);
  const failures = report.clauses.filter((clause) => clause.status === 'fail');
  const lines = [
    `## event-harness ${report.suite} suite: ${report.passed ? '✅ every MUST clause holds' : '❌ not conformant'}`,
    '',
    `Seed ${report.seed} (\`--seed ${report.seed}\` replays the run).`,
    '',
    ...summaryLines(report).map((line) => `- ${cell(line)}`),
    '',
    '| | level | clause | title |',
    '| --- | --- | --- | --- |',
    ...report.clauses.map(
      (clause) =>
        `| ${statusOf(clause, notRun)} | ${clause.level} | \`${clause.id}\` | ${cell(titles.get(clause.id)?.title ?? '')} |`,
    ),
    '',
  ];
  if (failures.length > 0)
    lines.push(`### Failures (${failures.length})`, '', ...failures.flatMap((c) => failureSection(c, titles)));
  // Clauses that did not run for the same reason (most often: a clause they build on failed) share one line.
  const reasons = new Map<string, string[]>();
  for (const clause of report.clauses)
    if (clause.status === 'skip' && clause.notApplicable !== true && notRun.has(clause.id))
      reasons.set(clause.message ?? 'not run', [...(reasons.get(clause.message ?? 'not run') ?? []), clause.id]);
  if (reasons.size > 0)
    lines.push(
      '### MUST clauses that did not run',
      '',
      ...[...reasons].map(([reason, ids]) => `- ${ids.map((id) => `\`${id}\``).join(', ')}: ${cell(reason)}`),
      '',
    );
  return `${lines.join('\n').trimEnd()}\n`;
}
