import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HarnessError, UsageError } from '../../src/index.js';
import { formatReport, isReporterName, REPORTERS, type ReporterName } from '../reporters/format-report.js';
import type { ClauseTitles, SuiteReport } from './suite-report.js';
import { exitCodeOf } from './suite-report.js';
import type { RunSuiteOptions } from './run-suite-options.js';
import { progressLine } from '../reporters/progress-reporter.js';
import { summaryLines } from '../reporters/pretty-reporter.js';

/** The streams and place a `check` command runs with (structurally the CLI's own io). */
export interface SuiteCliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Options every suite command takes. */
export const SUITE_OPTIONS = {
  runs: { type: 'string' },
  seed: { type: 'string' },
  reporter: { type: 'string' },
  output: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  path: { type: 'string' },
  waive: { type: 'string', multiple: true },
  'budget-ms': { type: 'string' },
  'clause-timeout-ms': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

export const SUITE_OPTIONS_HELP = `  --runs N            runs per property clause (default 100)
  --seed S            seed of the run (default: random; printed in the report)
  --reporter R        pretty (default), json, junit or markdown
  --output FILE       write the report to FILE (a pretty report still goes to stdout)
  --only ID           run only this clause (repeatable)
  --skip ID           leave this clause out (repeatable)
  --path P            with one --only: replay fast-check's counterexample path P
  --waive ID          accept that this clause does not run (repeatable); listed in every report.
                      Without it, a MUST clause that did not run (left out, out of time, a clause it
                      builds on failed) makes the result "not conformant" (exit 1)
  --budget-ms N       time budget of the whole run; clauses left when it is spent do not run
  --clause-timeout-ms N
                      time limit of one clause; a clause still busy after it fails with a message
  --quiet, -q         no live progress on stderr (by default each clause is printed as it finishes)`;

export interface SuiteCliSettings {
  readonly suiteOptions: Omit<RunSuiteOptions, 'onClause'>;
  readonly reporter: ReporterName;
  readonly output?: string;
  readonly help: boolean;
  /** Print each clause on stderr as it finishes (default). */
  readonly progress: boolean;
}

export type ParsedCli<T extends Options> = {
  readonly values: {
    [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : T[K]['multiple'] extends true ? string[] : string;
  };
  readonly positionals: string[];
  readonly settings: SuiteCliSettings;
};

/** A whole number within bounds, or undefined when absent; UsageError saying what was received otherwise. */
export function wholeNumber(
  command: string,
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(
      `${command}: --${name} must be a whole number from ${min} to ${max}; received ${JSON.stringify(value)}`,
    );
  return Number(value);
}

/** Parses the shared suite options plus the command's own; errors are UsageErrors naming the command. */
export function parseSuiteCli<T extends Options>(
  command: string,
  args: readonly string[],
  own: T,
): ParsedCli<T & typeof SUITE_OPTIONS> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...own, ...SUITE_OPTIONS },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(
      `${command}: ${(error as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/s, '')}`,
    );
  }
  const values = parsed.values as ParsedCli<T & typeof SUITE_OPTIONS>['values'];
  const reporter = (values.reporter as string | undefined) ?? 'pretty';
  if (!isReporterName(reporter))
    throw new UsageError(
      `${command}: --reporter must be one of ${REPORTERS.join(', ')}; received ${JSON.stringify(reporter)}`,
    );
  const runs = wholeNumber(command, 'runs', values.runs as string | undefined, 1, 100_000);
  const seed = wholeNumber(command, 'seed', values.seed as string | undefined, -(2 ** 31), 2 ** 31 - 1);
  const only = (values.only as string[] | undefined) ?? [];
  const skip = (values.skip as string[] | undefined) ?? [];
  const replayPath = values.path as string | undefined;
  const waive = (values.waive as string[] | undefined) ?? [];
  const budgetMs = wholeNumber(command, 'budget-ms', values['budget-ms'] as string | undefined, 1, 24 * 3_600_000);
  const clauseTimeLimitMs = wholeNumber(
    command,
    'clause-timeout-ms',
    values['clause-timeout-ms'] as string | undefined,
    1,
    3_600_000,
  );
  if (replayPath !== undefined && !/^\d+(:\d+)*$/.test(replayPath))
    throw new UsageError(
      `${command}: --path must be a fast-check path such as 3:0:1; received ${JSON.stringify(replayPath)}`,
    );
  const output = values.output as string | undefined;
  return {
    values,
    positionals: parsed.positionals,
    settings: {
      reporter,
      help: values.help === true,
      progress: values.quiet !== true,
      ...(output !== undefined ? { output } : {}),
      suiteOptions: {
        ...(runs !== undefined ? { runs } : {}),
        ...(seed !== undefined ? { seed } : {}),
        only,
        skip,
        waive,
        ...(replayPath !== undefined ? { path: replayPath } : {}),
        ...(budgetMs !== undefined ? { budgetMs } : {}),
        ...(clauseTimeLimitMs !== undefined ? { clauseTimeLimitMs } : {}),
      },
    },
  };
}

/** The onClause callback of a `check` command: each clause on stderr as it finishes (unless --quiet). */
export function progressPrinter(
  settings: SuiteCliSettings,
  io: SuiteCliIo,
  titles?: ClauseTitles,
): Pick<RunSuiteOptions, 'onClause'> {
  if (!settings.progress) return {};
  return { onClause: (result, progress) => io.stderr.write(progressLine(result, progress, titles)) };
}

/** Writes the report where the settings say and answers the exit code (0 every MUST passed, 1 otherwise). */
export async function emitReport(
  report: SuiteReport,
  settings: SuiteCliSettings,
  io: SuiteCliIo,
  titles?: ClauseTitles,
): Promise<number> {
  const text = formatReport(report, settings.reporter, titles);
  // The live progress ended with the last clause; its summary closes it on the same stream.
  if (settings.progress) io.stderr.write(`${summaryLines(report).join('\n')}\n`);
  if (settings.output === undefined) io.stdout.write(text);
  else {
    await writeFile(path.resolve(io.cwd, settings.output), text);
    io.stdout.write(formatReport(report, 'pretty', titles));
  }
  return exitCodeOf(report);
}

/** Runs a suite command: HarnessErrors (usage, unknown clause, unreachable target) print their message and exit 2. */
export async function runSuiteCommand(
  command: string,
  help: string,
  io: SuiteCliIo,
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof HarnessError)) throw error;
    io.stderr.write(`event-harness ${error.message.startsWith(command) ? '' : `${command}: `}${error.message}\n`);
    if (error instanceof UsageError) io.stderr.write(`\n${help}\n`);
    return 2;
  }
}
