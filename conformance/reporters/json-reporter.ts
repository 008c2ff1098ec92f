import type { SuiteReport } from '../framework/suite-report.js';

/** The JSON report of the JSON report format (docs/receiver-suite.md), two-space indented, one trailing newline. */
export function formatJsonReport(report: SuiteReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
