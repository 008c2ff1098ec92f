import type { ClauseTitles, SuiteReport } from '../framework/suite-report.js';
import { formatJsonReport } from './json-reporter.js';
import { formatJunitReport } from './junit-reporter.js';
import { formatMarkdownReport } from './markdown-reporter.js';
import { formatPrettyReport } from './pretty-reporter.js';

export const REPORTERS = ['pretty', 'json', 'junit', 'markdown'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export function isReporterName(name: string): name is ReporterName {
  return (REPORTERS as readonly string[]).includes(name);
}

export function formatReport(report: SuiteReport, reporter: ReporterName, titles?: ClauseTitles): string {
  if (reporter === 'json') return formatJsonReport(report);
  if (reporter === 'junit') return formatJunitReport(report, titles);
  if (reporter === 'markdown') return formatMarkdownReport(report, titles);
  return formatPrettyReport(report, titles);
}
