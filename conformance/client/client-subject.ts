import type { DriverInitConfig, DriverRequest } from '../../src/index.js';
import type { DriverHello } from './driver-output.js';
import type { CliRunRecord } from './e2e-cli/cli-run-record.js';
import type { OpOutcome } from './op-outcome.js';

/** A request of the driver protocol (DriverRequest of schemas/driver-protocol.schema.json) before it gets its id. */
export interface RequestLine {
  readonly op: DriverRequest['op'];
  readonly config?: Readonly<Pick<DriverInitConfig, 'flushAt' | 'flushAfterMs'>>;
  readonly message?: Readonly<Record<string, unknown>>;
  /**
   * With init, where the new client sends when that changes from run to run (the e2e-cli subject: each run its own
   * mock run and write key); a driver keeps the environment it was started with and ignores it.
   */
  readonly environment?: SubjectEnvironment;
}

/**
 * The client under test as the suite drives it: one running instance that takes protocol requests (init, the six
 * calls, flush, close) and answers each. A driver process of the JSON-lines protocol is one (DriverProcess); another
 * kind of subject (a CLI that takes every call of a run at once) implements the same to be judged by the same clauses.
 */
export interface ClientSubject {
  /** What the subject announced: its name and the optional features and knobs it has (driver protocol). */
  readonly hello: DriverHello;
  /** False once the subject has ended (exited, killed): the next run starts a new one. */
  readonly alive: boolean;
  /** How it ended (exit code or signal), or undefined while it runs. */
  readonly exitStatus: { readonly code: number | null; readonly signal: NodeJS.Signals | null } | undefined;
  /** Sends one request and waits for its answer, at most `timeoutMs`, or until `stop` resolves with a reason. */
  request(line: RequestLine, timeoutMs: number, stop?: Promise<string>): Promise<OpOutcome>;
  /** The last lines it wrote on stderr, for failure messages ('' when none). */
  stderrTail(): string;
  /** Asks it to end (closing its client), killing it after a grace period. */
  stop(): Promise<void>;
  /** Ends it at once (it hangs, or keeps sending what it must not). */
  kill(): Promise<void>;
  /**
   * For a subject that takes a run's calls at once (an e2e CLI): sends what was called so far (starts the CLI with
   * it); the calls after it go to the next start. A driver has sent each call as it came and has none of these.
   */
  commit?(): void;
  /** The calls after this one are made `ms` later (an e2e CLI: a new sequence with that delayMs). */
  pause?(ms: number): void;
  /** An event of a type the calls do not have, as given (an e2e CLI's input takes any JSON). */
  inject?(event: Readonly<Record<string, unknown>>): void;
  /** Resolves once every start of the current client has ended: nothing more will be sent for what was called. */
  idle?(): Promise<void>;
  /** The starts of the current client (an e2e CLI's processes), with what each printed. */
  cliRuns?(): readonly CliRunRecord[];
  /** How the current client ended when that says something about a failure (an e2e CLI that printed no result). */
  describeEnd?(): string | undefined;
}

/** Where a subject sends (the mock collection API) and with which write key: its environment. */
export interface SubjectEnvironment {
  readonly endpoint: string;
  readonly writeKey: string;
}

/**
 * Starts one instance of the subject against a mock; rejects with DriverStartError when it cannot start, and with
 * InterruptedRunError when `signal` aborts a start under way (the run ended meanwhile).
 */
export type SubjectStarter = (environment: SubjectEnvironment, signal?: AbortSignal) => Promise<ClientSubject>;
