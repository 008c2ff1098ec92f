import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HarnessError, UsageError } from '../../src/index.js';
import { formatReport, isReporterName, REPORTERS, type ReporterName } from '../reporters/format-report.js';
import type { ClauseTitles, SuiteReport } from './suite-report.js';
import { exitCodeOf } from './suite-report.js';
import type { RunSuiteOptions } from './run-suite-options.js';
import { groupedProgress } from '../reporters/progress-reporter.js';
import { summaryLines } from '../reporters/pretty-reporter.js';
import { didYouMean } from './did-you-mean.js';

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
  'fail-on-should': { type: 'boolean' },
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
  --budget-ms N       wall-clock budget of the whole run (default 60000): each clause gets its share of
                      what is left, and the run ends within it with a report; clauses left when it is
                      spent do not run
  --clause-timeout-ms N
                      time limit of one clause; a clause still busy after it fails with a message
  --fail-on-should    a failed SHOULD clause fails the run too (exit 1), as failOnShould does in a test runner
  --quiet, -q         no live progress on stderr (by default each clause is printed as it finishes)`;

export interface SuiteCliSettings {
  readonly suiteOptions: Omit<RunSuiteOptions, 'onClause'>;
  readonly reporter: ReporterName;
  readonly output?: string;
  readonly help: boolean;
  /** Print each clause on stderr as it finishes (default). */
  readonly progress: boolean;
  /** A failed SHOULD clause fails the run too (`--fail-on-should`). */
  readonly failOnShould: boolean;
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
    const message = (error as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/s, '');
    // "Unknown option '--sed'": name the option meant, when one is close.
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
    const names = Object.entries({ ...own, ...SUITE_OPTIONS }).flatMap(([name, option]) => [
      `--${name}`,
      ...('short' in option && typeof option.short === 'string' ? [`-${option.short}`] : []),
    ]);
    const hint = unknown === undefined ? undefined : didYouMean(unknown.split('=')[0] ?? unknown, names);
    throw new UsageError(`${command}: ${message}${hint === undefined ? '' : `; did you mean ${hint}?`}`);
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
      failOnShould: values['fail-on-should'] === true,
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

/** The live progress of a `check` command: its onClause callback, and `end` for what it still holds back. */
export interface ProgressPrinter {
  readonly options: Pick<RunSuiteOptions, 'onClause'>;
  end(): void;
}

/**
 * The onClause callback of a `check` command: each clause on stderr as it finishes (unless --quiet); the clauses a
 * failed one keeps from being judged as one line ("fix X first").
 */
export function progressPrinter(settings: SuiteCliSettings, io: SuiteCliIo, titles?: ClauseTitles): ProgressPrinter {
  if (!settings.progress) return { options: {}, end: () => undefined };
  const grouped = groupedProgress((line) => io.stderr.write(line), titles);
  return { options: { onClause: grouped.onClause }, end: grouped.end };
}

/**
 * Writes the report where the settings say and answers the exit code (0 every MUST passed, 1 otherwise, or a SHOULD
 * failed with --fail-on-should).
 */
export async function emitReport(
  report: SuiteReport,
  settings: SuiteCliSettings,
  io: SuiteCliIo,
  titles?: ClauseTitles,
  progress?: ProgressPrinter,
): Promise<number> {
  const exit = { failOnShould: settings.failOnShould };
  const text = formatReport(report, settings.reporter, titles, exit);
  progress?.end();
  // The live progress ended with the last clause; its summary closes it on the same stream.
  if (settings.progress) io.stderr.write(`${summaryLines(report, exit).join('\n')}\n`);
  if (settings.output === undefined) io.stdout.write(text);
  else {
    await writeFile(path.resolve(io.cwd, settings.output), text);
    io.stdout.write(formatReport(report, 'pretty', titles, exit));
  }
  return exitCodeOf(report, exit);
}

/**
 * Runs a suite command: HarnessErrors (usage, unknown clause, unreachable target) print their message and exit 2;
 * a usage error adds one line pointing at --help, not the help itself.
 */
export async function runSuiteCommand(command: string, io: SuiteCliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof HarnessError)) throw error;
    io.stderr.write(`event-harness ${error.message.startsWith(command) ? '' : `${command}: `}${error.message}\n`);
    // One line that says where the options are, not the whole help after every typo.
    if (error instanceof UsageError) io.stderr.write(`run \`event-harness ${command} --help\` for the options\n`);
    return 2;
  }
}
