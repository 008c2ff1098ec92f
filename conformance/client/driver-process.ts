import { lastErrorLine } from './e2e-cli/cli-run-record.js';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { DriverRequest } from '../../src/index.js';
import { DriverStartError, InterruptedRunError } from '../errors/conformance-errors.js';
import { shellCommand } from '../framework/shell-quote.js';
import { answerOutcome, type DriverHello, identifiedLine, parseHello } from './driver-output.js';
import type { ClientSubject, RequestLine } from './client-subject.js';
import type { OpOutcome } from './op-outcome.js';
import { killGroup, trackDriver } from './running-drivers.js';

export interface DriverCommand {
  /** The driver command and its arguments (everything after `--`). */
  readonly command: readonly string[];
  readonly cwd?: string;
  /** Environment of the driver, besides EVENT_HARNESS_ENDPOINT and EVENT_HARNESS_WRITE_KEY. */
  readonly env?: NodeJS.ProcessEnv;
}

export type { RequestLine } from './client-subject.js';

const STDERR_KEPT = 2_000;
/** How long an answer may still arrive after a caller has seen enough. */
const STOP_GRACE_MS = 250;

/**
 * A client driver as a real child process speaking the JSON-lines protocol of the driver protocol, docs/client-suite.md: requests get
 * increasing ids, answers are matched by id, and every wait is bounded, since the client under test may hang.
 */
export class DriverProcess implements ClientSubject {
  readonly hello: DriverHello;
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #pending = new Map<number, (outcome: OpOutcome) => void>();
  readonly #exited: Promise<void>;
  #nextId = 1;
  #stderr = '';
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  private constructor(
    child: ChildProcessWithoutNullStreams,
    hello: DriverHello,
    lines: AsyncIterator<string>,
    stderr: string,
    exited: Promise<void>,
  ) {
    this.#child = child;
    this.hello = hello;
    this.#stderr = stderr;
    this.#exited = exited;
    child.stderr.on('data', (chunk: Buffer) => (this.#stderr = (this.#stderr + chunk.toString()).slice(-STDERR_KEPT)));
    void this.#read(lines);
  }

  /**
   * Starts the driver and waits for its ready line; DriverStartError says what came instead. `signal` kills a
   * driver still starting (the run ended meanwhile) and rejects with InterruptedRunError.
   */
  static async start(
    driver: DriverCommand,
    env: { endpoint: string; writeKey: string },
    readyTimeoutMs: number,
    signal?: AbortSignal,
  ): Promise<DriverProcess> {
    if (signal?.aborted === true) throw new InterruptedRunError('the suite has ended; no new driver is started');
    const [file, ...args] = driver.command;
    const shown = shellCommand(driver.command);
    if (file === undefined || file === '')
      throw new DriverStartError(
        'no driver command given; put it after --, e.g. check client -- npx event-harness driver',
      );
    // Its own process group, so a driver started through npx or a shell is stopped with its children.
    const child = spawn(file, args, {
      cwd: driver.cwd ?? process.cwd(),
      env: {
        ...process.env,
        ...driver.env,
        EVENT_HARNESS_ENDPOINT: env.endpoint,
        EVENT_HARNESS_WRITE_KEY: env.writeKey,
      },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    trackDriver(child);
    let stderr = '';
    const onStderr = (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT));
    child.stderr.on('data', onStderr);
    // A driver that exits before reading everything must not crash the suite with EPIPE.
    child.stdin.on('error', () => undefined);
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
    const describeStderr = () => describeStartStderr(stderr);
    const first = await new Promise<string>((resolve, reject) => {
      const abort = () => {
        clearTimeout(timer);
        killGroup(child);
        reject(new InterruptedRunError('the suite ended while this driver was starting'));
      };
      signal?.addEventListener('abort', abort, { once: true });
      const timer = setTimeout(() => {
        killGroup(child);
        reject(
          new DriverStartError(
            `the driver ${shown} printed no ready line within ${readyTimeoutMs} ms (received nothing on stdout; ${describeStderr()}); it must print {"ready": true, ...} once it can take requests`,
          ),
        );
      }, readyTimeoutMs);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new DriverStartError(`cannot start the driver ${shown}: ${error.message}; check the command after --`));
      });
      const next = () =>
        void lines.next().then((result) => {
          if (result.done === true) {
            clearTimeout(timer);
            if (signal?.aborted === true) return;
            void exited.then(() =>
              reject(
                new DriverStartError(
                  `the driver ${shown} exited with ${child.exitCode !== null ? `code ${child.exitCode}` : `signal ${child.signalCode ?? 'unknown'}`} before its ready line (received nothing on stdout; ${describeStderr()})`,
                ),
              ),
            );
            return;
          }
          if (result.value.trim() === '') return next();
          clearTimeout(timer);
          signal?.removeEventListener('abort', abort);
          resolve(result.value);
        });
      next();
    });
    let hello: DriverHello;
    try {
      hello = parseHello(first, shown);
    } catch (error) {
      killGroup(child);
      throw error;
    }
    child.stderr.off('data', onStderr);
    return new DriverProcess(child, hello, lines, stderr, exited);
  }

  async #read(lines: AsyncIterator<string>): Promise<void> {
    for (;;) {
      const result = await lines.next();
      if (result.done === true) break;
      // A line that answers no pending request (driver logging on stdout, an answer too late) is left alone.
      const identified = identifiedLine(result.value);
      if (identified === undefined) continue;
      const settle = this.#pending.get(identified.id);
      if (settle === undefined) continue;
      this.#pending.delete(identified.id);
      settle(answerOutcome(identified, result.value));
    }
    await this.#exited;
    this.#exit = { code: this.#child.exitCode, signal: this.#child.signalCode };
    for (const settle of this.#pending.values()) settle({ kind: 'exited', ...this.#exit });
    this.#pending.clear();
  }

  get alive(): boolean {
    return this.#exit === undefined;
  }

  /** How the driver ended (exit code or signal), or undefined while it runs. */
  get exitStatus(): { readonly code: number | null; readonly signal: NodeJS.Signals | null } | undefined {
    return this.#exit;
  }

  /** The last lines the driver wrote on stderr, for failure messages. */
  stderrTail(): string {
    return this.#stderr.trim().slice(-600);
  }

  /**
   * Sends one request and waits for its answer, at most `timeoutMs`, or until `stop` resolves with a
   * reason (a clause that has seen enough, e.g. a request it must never see).
   */
  request(line: RequestLine, timeoutMs: number, stop?: Promise<string>): Promise<OpOutcome> {
    if (this.#exit !== undefined) return Promise.resolve({ kind: 'exited', ...this.#exit });
    const id = this.#nextId++;
    return new Promise<OpOutcome>((resolve) => {
      const finish = (outcome: OpOutcome) => {
        clearTimeout(timer);
        this.#pending.delete(id);
        resolve(outcome);
      };
      let timer = setTimeout(() => finish({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
      this.#pending.set(id, finish);
      // An answer that was about to come still wins for a moment, so a client that is merely quick is not
      // taken for one that hangs (and restarted).
      void stop?.then((reason) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: 'stopped', reason }), STOP_GRACE_MS);
      });
      const request: DriverRequest = {
        id,
        op: line.op,
        ...(line.config !== undefined ? { config: { ...line.config } } : {}),
        ...(line.message !== undefined ? { message: { ...line.message } } : {}),
      };
      this.#child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  }

  /** Ends stdin so the driver closes its client and exits; kills it (and its process group) after `graceMs`. */
  async stop(graceMs = 2_000): Promise<void> {
    if (this.#exit === undefined) {
      this.#child.stdin.end();
      const timer = setTimeout(() => killGroup(this.#child), graceMs);
      await this.#exited;
      clearTimeout(timer);
    }
  }

  /** Kills the driver at once (it hangs, or keeps sending what it must not). */
  async kill(): Promise<void> {
    killGroup(this.#child);
    await this.#exited;
  }
}

/**
 * What a driver that did not start printed on stderr: its last 600 characters, led by its error line when a long
 * stack trace pushed that line out of them (Node 24's MODULE_NOT_FOUND trace is longer than 600 characters).
 */
function describeStartStderr(stderr: string): string {
  const text = stderr.trim();
  if (text === '') return 'nothing on stderr';
  const tail = text.slice(-600);
  const error = lastErrorLine(text);
  return error !== undefined && !tail.includes(error) ? `stderr: ${error} ... ${tail}` : `stderr: ${tail}`;
}
