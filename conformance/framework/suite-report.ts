import type { ClauseLevel, ClauseStatus } from './clause.js';

/** One clause in a report (DESIGN.md section 3). */
export interface ClauseResult {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly status: ClauseStatus;
  readonly message?: string;
  readonly counterexample?: unknown;
  readonly replay?: string;
}

/**
 * The report of one suite run (DESIGN.md section 3). No timestamps or durations: the same seed against the
 * same target gives the same report, byte for byte.
 */
export interface SuiteReport {
  readonly suite: string;
  readonly seed: number;
  /** True when every MUST clause passed or was skipped. */
  readonly passed: boolean;
  readonly clauses: readonly ClauseResult[];
}

/** Titles and SPEC references, for the reporters that address people. */
export type ClauseTitles = ReadonlyMap<string, { readonly title: string; readonly spec: string }>;

/** The `check` exit code: 0 every MUST clause passed, 1 a MUST clause failed. */
export function exitCodeOf(report: SuiteReport): 0 | 1 {
  return report.passed ? 0 : 1;
}
