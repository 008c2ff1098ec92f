import type { ClauseTitles, ExitOptions, SuiteReport } from '../framework/suite-report.js';
import { formatJsonReport } from './json-reporter.js';
import { formatJunitReport } from './junit-reporter.js';
import { formatMarkdownReport } from './markdown-reporter.js';
import { formatPrettyReport } from './pretty-reporter.js';

export const REPORTERS = ['pretty', 'json', 'junit', 'markdown'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export function isReporterName(name: string): name is ReporterName {
  return (REPORTERS as readonly string[]).includes(name);
}

/** The report in the chosen format; `exit` only changes the verdict line of the pretty report (--fail-on-should). */
export function formatReport(
  report: SuiteReport,
  reporter: ReporterName,
  titles?: ClauseTitles,
  exit: ExitOptions = {},
): string {
  if (reporter === 'json') return formatJsonReport(report);
  if (reporter === 'junit') return formatJunitReport(report, titles);
  if (reporter === 'markdown') return formatMarkdownReport(report, titles);
  return formatPrettyReport(report, titles, exit);
}
