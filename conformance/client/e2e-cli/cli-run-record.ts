import type { E2eCliInput } from './e2e-cli-input.js';

/** The result an e2e CLI prints last on stdout: `success`, and in most `sentBatches` and `error` (the contract's CLIOutput). */
export interface CliResult {
  readonly success: boolean;
  readonly error?: unknown;
  readonly sentBatches?: unknown;
  readonly [field: string]: unknown;
}

/** One start of an e2e CLI: what it was given, when it ran, how it ended and what it printed. */
export interface CliRunRecord {
  readonly input: E2eCliInput;
  /** UTF-8 bytes of the --input argument. */
  readonly inputBytes: number;
  /** When the process was spawned (Date.now() ms). */
  readonly startedAt: number;
  /** When it exited, or undefined while it runs. */
  readonly endedAt: number | undefined;
  readonly exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null } | undefined;
  /** Set when the suite killed it: at its deadline, or because the run that started it was given up. */
  readonly killed: 'deadline' | 'abandoned' | undefined;
  /** The deadline it was killed at (ms after the spawn). */
  readonly deadlineMs: number;
  /** The last JSON value on stdout when it is an object with a boolean `success`. */
  readonly result: CliResult | undefined;
  /** Why there is no result (no JSON on stdout, a JSON value of another shape), or undefined. */
  readonly resultProblem: string | undefined;
  /** The end of stdout and stderr, for messages. */
  readonly stdoutTail: string;
  readonly stderrTail: string;
}

/** `exited with code 1`, `was killed at its deadline of 20000 ms`: how a CLI run ended, in words. */
export function describeCliExit(record: CliRunRecord): string {
  if (record.killed === 'deadline')
    return `was still running at its deadline of ${record.deadlineMs} ms and was killed`;
  if (record.killed === 'abandoned') return 'was stopped by the suite';
  if (record.exit === undefined) return 'is still running';
  return record.exit.code !== null ? `exited with code ${record.exit.code}` : `ended on signal ${record.exit.signal}`;
}

/** What the run printed and logged, for a failure message: the result (or why there is none) and the stderr tail. */
export function describeCliOutput(record: CliRunRecord): string {
  const stderr = stderrExcerpt(record.stderrTail);
  const printed =
    record.result !== undefined
      ? `printed ${shortJson(record.result)}`
      : `printed no result (${record.resultProblem ?? 'nothing on stdout'})`;
  return `${printed}${stderr === '' ? '' : `; stderr: ${stderr}`}`;
}

/** JSON of at most 300 characters (an error message may carry a whole 40 KB event). */
export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The lines of stderr a person needs: the last error line (a stack trace ends in frames) and what follows, else the last three. */
export function stderrExcerpt(stderr: string): string {
  const error = lastErrorLine(stderr);
  const text = error ?? stderrLines(stderr).slice(-3).join(' | ');
  return text.length > 400 ? `${text.slice(0, 397)}...` : text;
}

/** The last line of stderr that names an error (not a stack frame), if any. */
export function lastErrorLine(stderr: string): string | undefined {
  return stderrLines(stderr).findLast(
    (line) => /\b\w*(Error|Exception)\b|Traceback|FATAL|panic:/.test(line) && !/^at /.test(line),
  );
}

function stderrLines(stderr: string): string[] {
  return stderr
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
