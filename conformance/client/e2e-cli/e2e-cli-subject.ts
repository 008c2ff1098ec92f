import { shellCommand } from '../../framework/shell-quote.js';
import type { ClientSubject, RequestLine, SubjectEnvironment } from '../client-subject.js';
import type { DriverCommand } from '../driver-process.js';
import type { DriverHello } from '../driver-output.js';
import type { OpOutcome } from '../op-outcome.js';
import { type CliRunRecord, describeCliExit, describeCliOutput } from './cli-run-record.js';
import { type CliProcess, startCliProcess } from './e2e-cli-process.js';
import { type E2eCliConfig, type E2eSequence, inputEvent, MIN_FLUSH_INTERVAL_MS } from './e2e-cli-input.js';

/** How an e2e CLI is run: what it honours of the config, and how its hosts are written. */
export interface E2eCliSettings {
  /** The knobs the CLI passes on to its SDK (`flushAt`, `flushAfter`) and whether it has `screen`. */
  readonly capabilities: readonly string[];
  /** Appended to the mock's origin for apiHost and cdnHost: '' (the SDK appends /v1 itself) or '/v1'. */
  readonly apiPath: string;
  /** How long one start may run past the delays of its sequences before it is killed. */
  readonly settleTimeoutMs: number;
}

/** How long stop() waits for starts still running before it kills them. */
const STOP_GRACE_MS = 2_000;

type Sequence = { delayMs: number; events: Record<string, unknown>[] };

/**
 * An SDK's e2e CLI (`CLI --input '<JSON>'`) as a ClientSubject: it takes a run's calls at once, so calls are kept
 * until the suite waits on the wire (commit), flush or close; then the CLI is started with them, sends them through
 * its SDK, flushes, closes and prints its result. Calls made after a start go to the next start (another client
 * instance, as the CLI is). `init` gives up what the previous client still runs (that run has been judged).
 */
export class E2eCliSubject implements ClientSubject {
  readonly hello: DriverHello;
  readonly #target: DriverCommand;
  readonly #settings: E2eCliSettings;
  #environment: SubjectEnvironment;
  #config: E2eCliConfig = {};
  /** Sequences of the next start; empty once committed. */
  #buffer: Sequence[] = [];
  /** The starts of the current client, each resolving once spawned. */
  #starts: Promise<CliProcess>[] = [];
  #spawned: CliProcess[] = [];
  #alive = true;

  constructor(target: DriverCommand, environment: SubjectEnvironment, settings: E2eCliSettings) {
    this.#target = target;
    this.#environment = environment;
    this.#settings = settings;
    this.hello = { name: `e2e-cli: ${shellCommand(target.command)}`, capabilities: settings.capabilities };
  }

  get alive(): boolean {
    return this.#alive;
  }

  /** A CLI run ends every time: how it ended is in cliRuns() and describeEnd(), not a driver's exit. */
  get exitStatus(): undefined {
    return undefined;
  }

  stderrTail(): string {
    return this.#spawned.at(-1)?.record().stderrTail ?? '';
  }

  cliRuns(): readonly CliRunRecord[] {
    return this.#spawned.map((start) => start.record());
  }

  describeEnd(): string | undefined {
    const last = this.#spawned.at(-1)?.record();
    if (last === undefined || last.exit === undefined) return undefined;
    const ok = last.result?.success === true && last.exit.code === 0 && last.killed === undefined;
    return ok ? undefined : `the e2e CLI ${describeCliExit(last)} and ${describeCliOutput(last)}`;
  }

  async request(line: RequestLine, timeoutMs: number, stop?: Promise<string>): Promise<OpOutcome> {
    if (!this.#alive) return { kind: 'exited', code: null, signal: 'SIGKILL' };
    switch (line.op) {
      case 'init':
        this.#giveUp();
        if (line.environment !== undefined) this.#environment = line.environment;
        this.#config = line.config === undefined ? {} : this.#configOf(line.config);
        this.#buffer = [];
        return { kind: 'answer', ok: true, line: {} };
      case 'flush':
      case 'close':
        // The contract has one end: the CLI flushes and closes once its sequences are done.
        this.commit();
        return this.#settle(timeoutMs, stop);
      default:
        this.#current().events.push(inputEvent(line.op, line.message ?? {}));
        return { kind: 'answer', ok: true, line: {} };
    }
  }

  commit(): void {
    if (!this.#buffer.some((sequence) => sequence.events.length > 0)) return;
    const sequences: E2eSequence[] = this.#buffer;
    this.#buffer = [];
    const delays = sequences.reduce((sum, sequence) => sum + sequence.delayMs, 0);
    const origin = this.#environment.endpoint.replace(/\/+$/, '');
    const host = `${origin}${this.#settings.apiPath}`;
    const input = {
      writeKey: this.#environment.writeKey,
      apiHost: host,
      cdnHost: host,
      sequences,
      config: this.#config,
    };
    const start = startCliProcess(this.#target, input, delays + this.#settings.settleTimeoutMs).then((started) => {
      this.#spawned.push(started);
      return started;
    });
    // A start that fails is reported where the suite waits on it (idle, close): nothing here awaits it.
    start.catch(() => undefined);
    this.#starts.push(start);
  }

  pause(ms: number): void {
    this.#buffer.push({ delayMs: Math.max(0, Math.round(ms)), events: [] });
  }

  inject(event: Readonly<Record<string, unknown>>): void {
    this.#current().events.push({ ...event });
  }

  async idle(): Promise<void> {
    await Promise.all(this.#starts.map(async (start) => (await start).ended));
  }

  async stop(): Promise<void> {
    const timer = setTimeout(() => this.#giveUp(), STOP_GRACE_MS);
    await this.idle().catch(() => undefined);
    clearTimeout(timer);
  }

  async kill(): Promise<void> {
    this.#alive = false;
    this.#giveUp();
    await this.idle().catch(() => undefined);
  }

  /** The sequence the next call goes to (a start has taken the earlier ones). */
  #current(): Sequence {
    const last = this.#buffer.at(-1);
    if (last !== undefined) return last;
    const first: Sequence = { delayMs: 0, events: [] };
    this.#buffer.push(first);
    return first;
  }

  /** The suite's config as the CLI's: only the knobs it honours; flushAfterMs in milliseconds every CLI reads so. */
  #configOf(config: NonNullable<RequestLine['config']>): E2eCliConfig {
    const takes = (knob: string) => this.#settings.capabilities.includes(knob);
    return {
      ...(takes('flushAt') && config.flushAt !== undefined ? { flushAt: config.flushAt } : {}),
      ...(takes('flushAfter') && config.flushAfterMs !== undefined
        ? { flushInterval: Math.max(MIN_FLUSH_INTERVAL_MS, config.flushAfterMs) }
        : {}),
    };
  }

  /** Kills the starts of the current client still running and forgets them: a new client starts. */
  #giveUp(): void {
    for (const start of this.#spawned) start.abandon();
    for (const start of this.#starts)
      void start.then(
        (started) => started.abandon(),
        () => undefined,
      );
    this.#starts = [];
    this.#spawned = [];
  }

  /** Waits for every start of the client to end, at most `timeoutMs` or until `stop`. */
  async #settle(timeoutMs: number, stop?: Promise<string>): Promise<OpOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      this.idle().then((): OpOutcome => {
        const result = this.#spawned.at(-1)?.record().result;
        return { kind: 'answer', ok: true, line: result ?? {} };
      }),
      new Promise<OpOutcome>(
        (resolve) => (timer = setTimeout(() => resolve({ kind: 'timeout', ms: timeoutMs }), timeoutMs)),
      ),
      ...(stop === undefined ? [] : [stop.then((reason): OpOutcome => ({ kind: 'stopped', reason }))]),
    ]);
    clearTimeout(timer);
    return outcome;
  }
}
