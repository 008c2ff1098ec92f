import { spawn } from 'node:child_process';
import { DriverStartError } from '../../errors/conformance-errors.js';
import { shellCommand } from '../../framework/shell-quote.js';
import type { DriverCommand } from '../driver-process.js';
import { killGroup, trackDriver } from '../running-drivers.js';
import { readCliResult } from './cli-result.js';
import type { CliRunRecord } from './cli-run-record.js';
import { type E2eCliInput, inputArgument } from './e2e-cli-input.js';

/** stdout kept for the result: enough for an error message that quotes a whole event near 40 KB, and its logging. */
const STDOUT_KEPT = 1024 * 1024;
const STDERR_KEPT = 4_000;

/** One start of an e2e CLI, under way: its record so far, and when it ends. */
export interface CliProcess {
  record(): CliRunRecord;
  /** Resolves once the process has exited (on its own or killed) and its output is read. */
  readonly ended: Promise<CliRunRecord>;
  /** Kills it and its process group now (a run given up, the suite ending). */
  abandon(): void;
}

/**
 * Starts `command --input <json>` (no shell: the input is one argv element, as the contract has it), in its own
 * process group (a CLI started through npx or a shell is stopped with its children), killed at `deadlineMs` after
 * the spawn whatever it does. Rejects with DriverStartError when the command cannot be started at all (a missing
 * executable): nothing can be judged, so the suite ends with exit 2.
 */
export function startCliProcess(target: DriverCommand, input: E2eCliInput, deadlineMs: number): Promise<CliProcess> {
  const { json, bytes } = inputArgument(input);
  const [file, ...args] = target.command;
  if (file === undefined || file === '')
    return Promise.reject(
      new DriverStartError(
        'no e2e CLI command given; put it after --, e.g. check client --protocol e2e-cli -- node e2e-cli.js',
      ),
    );
  const startedAt = Date.now();
  const child = spawn(file, [...args, '--input', json], {
    cwd: target.cwd ?? process.cwd(),
    env: { ...process.env, ...target.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackDriver(child);
  let stdout = '';
  let stderr = '';
  let killed: CliRunRecord['killed'];
  let exit: CliRunRecord['exit'];
  let endedAt: number | undefined;
  let read: ReturnType<typeof readCliResult> | undefined;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.length > STDOUT_KEPT * 2) stdout = stdout.slice(-STDOUT_KEPT);
  });
  child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_KEPT)));
  const kill = (why: NonNullable<CliRunRecord['killed']>) => {
    if (exit !== undefined) return;
    killed ??= why;
    killGroup(child);
  };
  const timer = setTimeout(() => kill('deadline'), deadlineMs);
  const record = (): CliRunRecord => {
    const parsed = read ?? (exit === undefined ? undefined : readCliResult(stdout));
    return {
      input,
      inputBytes: bytes,
      startedAt,
      endedAt,
      exit,
      killed,
      deadlineMs,
      result: parsed !== undefined && 'result' in parsed ? parsed.result : undefined,
      resultProblem: parsed === undefined ? undefined : 'problem' in parsed ? parsed.problem : undefined,
      stdoutTail: stdout.slice(-600),
      stderrTail: stderr.trim().slice(-600),
    };
  };
  return new Promise((resolve, reject) => {
    let spawned = false;
    const ended = new Promise<CliRunRecord>((settle) => {
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        endedAt = Date.now();
        exit = { code, signal };
        read = readCliResult(stdout);
        settle(record());
      });
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (spawned) return;
      reject(
        new DriverStartError(
          `cannot start the e2e CLI ${shellCommand(target.command)}: ${error.message}; check the command after --`,
        ),
      );
    });
    child.once('spawn', () => {
      spawned = true;
      resolve({ record, ended, abandon: () => kill('abandoned') });
    });
  });
}
