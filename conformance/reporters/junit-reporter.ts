import type { ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { failureDetails } from './failure-details.js';
import { xmlText } from './xml-text.js';

/**
 * JUnit XML: one testcase per clause, classname `<suite>.<level>`; SHOULD failures are failures too (CI shows
 * them), and so is a MUST clause that did not run (it fails the run, exit 1); a waived clause is skipped, and so is
 * one not checked because another failed (that failure is the one to fix: counted once, as its own testcase).
 */
export function formatJunitReport(report: SuiteReport, titles: ClauseTitles = new Map()): string {
  const notRun = new Set(
    (report.notRun ?? []).filter((id) => report.clauses.find((c) => c.id === id)?.blockedBy === undefined),
  );
  const failures = report.clauses.filter((c) => c.status === 'fail' || notRun.has(c.id)).length;
  const skipped = report.clauses.filter((c) => c.status === 'skip' && !notRun.has(c.id)).length;
  const cases = report.clauses.map((clause) => {
    const title = titles.get(clause.id)?.title;
    const open = `    <testcase classname="${xmlText(`event-harness.${report.suite}.${clause.level}`)}" name="${xmlText(title === undefined ? clause.id : `${clause.id}: ${title}`)}"`;
    if (clause.status === 'pass') return `${open}/>`;
    if (notRun.has(clause.id))
      return `${open}>\n      <failure message="${xmlText(`MUST ${clause.id} did not run: ${clause.message ?? ''}`)}" type="MUST not run">${xmlText(`${clause.message ?? ''}\n\nEvery MUST clause must run and pass, or be waived by name (--waive ${clause.id}).`)}</failure>\n    </testcase>`;
    if (clause.status === 'skip' && clause.blockedBy !== undefined)
      return `${open}>\n      <skipped message="${xmlText(`not checked until ${clause.blockedBy} passes: fix ${clause.blockedBy} first`)}"/>\n    </testcase>`;
    if (clause.status === 'skip')
      return `${open}>\n      <skipped message="${xmlText(`${clause.notApplicable === true && !(clause.message ?? '').startsWith('not applicable') ? 'not applicable: ' : ''}${clause.message ?? ''}`)}"/>\n    </testcase>`;
    return `${open}>\n      <failure message="${xmlText(`${clause.level} ${clause.id}: ${clause.message ?? ''}`)}" type="${clause.level}">${xmlText(failureDetails(clause))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="event-harness" tests="${report.clauses.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="${xmlText(report.suite)}" tests="${report.clauses.length}" failures="${failures}" skipped="${skipped}">`,
    `    <properties><property name="seed" value="${report.seed}"/>${(report.waived ?? []).map((id) => `<property name="waived" value="${xmlText(id)}"/>`).join('')}</properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
