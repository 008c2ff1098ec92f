import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Shared timing helpers: every benchmark runs ours and a baseline in the same process and prints the ratio. */
export function opsPerSecond(fn: () => void, minMs = 1_000): number {
  for (let i = 0; i < 200; i++) fn();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2 : (sorted[mid] ?? 0);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function report(title: string, rows: Record<string, string | number>): void {
  console.log(title);
  for (const [key, value] of Object.entries(rows)) console.log(`  ${key.padEnd(34)} ${value}`);
}

/** The Authorization header of a write key as the SDKs send it: HTTP Basic, the key as user name, no password. */
export const basicAuth = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;

/**
 * The ingest benchmarks' request body: a /v1/batch envelope of `events` typical track calls (properties, a
 * product list, context). `messageId` puts that text in each event (the load generator replaces "@@ID@@"
 * per request); without it the server adds its own, so every batch is accepted (no dedup shortcut).
 */
export function ingestBatch(events: number, messageId?: string): { batch: Record<string, unknown>[]; sentAt: string } {
  return {
    batch: Array.from({ length: events }, (_, i) => ({
      ...(messageId !== undefined ? { messageId } : {}),
      type: 'track',
      userId: `user-${i}`,
      event: 'Order Completed',
      properties: { orderId: `o-${i}`, revenue: 39.95, currency: 'EUR', products: [{ sku: 'sku-1', quantity: 2 }] },
      context: { ip: '203.0.113.7', library: { name: 'bench', version: '1.0.0' } },
      timestamp: '2024-01-01T00:00:00.000Z',
    })),
    sentAt: '2024-01-01T00:00:01.000Z',
  };
}

/** A child process that said it is listening, and the URL it named. */
export interface ListeningChild {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** Bytes the child has written to stderr since it started (serve's log). */
  stderrBytes(): number;
}

/**
 * Starts a child process and resolves with the URL its output names (`pattern`, then `url` of the match;
 * by default the first group); fails after `timeoutMs` (60 s) with what it printed.
 */
export function startListening(
  name: string,
  command: string,
  args: readonly string[],
  options: {
    readonly pattern?: RegExp;
    readonly url?: (match: RegExpExecArray) => string;
    readonly cwd?: string;
    readonly timeoutMs?: number;
  } = {},
): Promise<ListeningChild> {
  const pattern = options.pattern ?? /listening on (http:\/\/\S+)/;
  const urlOf = options.url ?? ((match: RegExpExecArray) => match[1] ?? '');
  const timeoutMs = options.timeoutMs ?? 60_000;
  const child = spawn(command, [...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let listening = false;
  let stderrBytes = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `${name} did not say it was listening within ${timeoutMs} ms; it printed:\n${output.slice(-2_000)}`,
          ),
        ),
      timeoutMs,
    );
    // Both pipes are drained for the child's whole life (serve logs a line per request and event): a full pipe
    // would block it. Only the start is kept, and read until the listening line.
    const onData = (chunk: Buffer) => {
      if (listening) return;
      if (output.length < 20_000) output += chunk.toString();
      const match = pattern.exec(output);
      if (match !== null) {
        listening = true;
        clearTimeout(timer);
        resolve({ name, url: urlOf(match), child, stderrBytes: () => stderrBytes });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      onData(chunk);
    });
    child.on('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
    child.on('exit', (code) =>
      reject(new Error(`${name} exited with ${code} before listening:\n${output.slice(-2_000)}`)),
    );
  });
}

/** A child process run to its end: how long it took (ms), its exit code and everything it printed. */
export interface FinishedChild {
  readonly ms: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node ARGS` (the CLI, a driver) to its end, timing it from the spawn. `inheritStderr` shows its stderr
 * as it comes instead of collecting it (stderr is then '').
 */
export function runNode(
  args: readonly string[],
  options: { readonly cwd?: string; readonly inheritStderr?: boolean } = {},
): Promise<FinishedChild> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', options.inheritStderr === true ? 'inherit' : 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stdout, stderr }));
  });
}

/** taskset returns at once; a bound all the same, so a stuck one fails the bench with its name instead of hanging. */
const TASKSET_TIMEOUT_MS = 10_000;

/** A command and its arguments, as spawn and execFile take them. */
export interface Command {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * Runs commands on one CPU each (`taskset -c`), so two single-threaded servers measured in turn each get a CPU of
 * their own, and the load generator the other: the scheduler does not move them, or the load generator, from CPU
 * to CPU. Answers why not instead when the machine has one CPU or taskset does not run.
 */
export function cpuPinning(): ((cpu: number, command: Command) => Command) | string {
  const cpus = availableParallelism();
  if (cpus < 2) return `the machine has ${cpus} CPU`;
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore', timeout: TASKSET_TIMEOUT_MS });
  } catch (error) {
    return `taskset could not be run: ${(error as Error).message}`;
  }
  return (cpu, { command, args }) => ({ command: 'taskset', args: ['-c', String(cpu), command, ...args] });
}

/**
 * Moves a running process, every thread of it, onto the CPUs listed (`taskset -a -p -c`, a list such as `0` or
 * `0-1`): one server measured both on the CPU the others get and on all of them, with the same warmed-up state.
 */
export function moveToCpus(pid: number | undefined, cpus: string): void {
  if (pid === undefined) throw new Error('the process has no pid (it did not start)');
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore', timeout: TASKSET_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`taskset did not move process ${pid} onto CPUs ${cpus}: ${(error as Error).message}`);
  }
}

/** Every CPU of the machine, as a taskset list. */
export const ALL_CPUS = `0-${availableParallelism() - 1}`;

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in µs (Linux /proc, clock ticks of 10 ms). */
export function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

/**
 * Waits until the watched processes are idle (under 5% of a core over half a second, 25 ms of CPU), at most
 * `boundMs`, then says so on stderr and goes on: a load must not share the CPU with work left from the previous one
 * (a backlog of deliveries, a store writing behind, PostgreSQL's autovacuum). `measure` starts a reading and
 * answers a function giving the CPU (µs) the processes used since.
 */
export async function untilIdle(measure: () => () => number, boundMs: number, what: string): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const spent = measure();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = spent();
    if (busy < 25_000) return;
    if (Date.now() > deadline) {
      console.error(
        `${what} still busy after ${boundMs / 1000} s (${Math.round(busy / 1000)} ms of CPU in the last 500 ms); measuring anyway`,
      );
      return;
    }
  }
}

/** Resident memory of a process in MB (Linux /proc): now (VmRSS), or its peak so far (VmHWM). */
export function rssMb(pid: number | undefined, which: 'now' | 'peak' = 'now'): number {
  if (pid === undefined) return Number.NaN;
  const field = which === 'peak' ? 'VmHWM' : 'VmRSS';
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] === undefined ? Number.NaN : Number(match[1]) / 1024;
}
