import type { ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { failureDetails } from './failure-details.js';
import { xmlText } from './xml-text.js';

/** JUnit XML: one testcase per clause, classname `<suite>.<level>`; SHOULD failures are failures too (CI shows them). */
export function formatJunitReport(report: SuiteReport, titles: ClauseTitles = new Map()): string {
  const failures = report.clauses.filter((c) => c.status === 'fail').length;
  const skipped = report.clauses.filter((c) => c.status === 'skip').length;
  const cases = report.clauses.map((clause) => {
    const title = titles.get(clause.id)?.title;
    const open = `    <testcase classname="${xmlText(`event-harness.${report.suite}.${clause.level}`)}" name="${xmlText(title === undefined ? clause.id : `${clause.id}: ${title}`)}"`;
    if (clause.status === 'pass') return `${open}/>`;
    if (clause.status === 'skip') return `${open}>\n      <skipped message="${xmlText(clause.message ?? '')}"/>\n    </testcase>`;
    return `${open}>\n      <failure message="${xmlText(`${clause.level} ${clause.id}: ${clause.message ?? ''}`)}" type="${clause.level}">${xmlText(failureDetails(clause))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="event-harness" tests="${report.clauses.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="${xmlText(report.suite)}" tests="${report.clauses.length}" failures="${failures}" skipped="${skipped}">`,
    `    <properties><property name="seed" value="${report.seed}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
