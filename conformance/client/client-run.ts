import type { DriverInitConfig as WireDriverInitConfig, JournalEntry } from '../../src/index.js';
import type { SentCall, CallSpec } from './client-calls.js';
import type { CliRunRecord } from './e2e-cli/cli-run-record.js';
import type { FaultStep } from './fault-schedule.js';
import type { OpOutcome } from './op-outcome.js';
import type { RecordedRequest } from './request-log.js';
import type { LateArrival } from './run-registry.js';

/** The config of an init line the suite sends (DriverInitConfig of schemas/driver-protocol.schema.json): both knobs. */
export type DriverInitConfig = Readonly<Pick<WireDriverInitConfig, 'flushAt' | 'flushAfterMs'>>;

export interface EndOptions {
  /**
   * Checked on every request while waiting: a reason ends the wait at once (and the driver is restarted
   * before the next run), for clients that would otherwise keep sending what they must not.
   */
  readonly stopWhen?: (requests: readonly RecordedRequest[]) => string | undefined;
  /** Wait at most this long instead of the settle timeout. */
  readonly timeoutMs?: number;
}

/** One run of a clause: a fresh client (init), a fault schedule, calls, and the requests the mock saw. */
export interface ClientRun {
  /**
   * The run's own key, `<clause>-r<n>`: every call's marker starts with it, so an event that arrives after the run
   * ended is never counted in a later run, and is named in this one's result instead (`lateArrivals`).
   */
  readonly key: string;
  /** The write key this run's client sends with (a run of the e2e-cli protocol has its own). */
  readonly writeKey: string;
  readonly config: DriverInitConfig;
  readonly faults: readonly FaultStep[];
  /** When init was written to the driver (harness clock, ms). */
  readonly initSentAt: number;
  readonly calls: readonly SentCall[];
  /** Makes each call in order; a call the driver refuses is kept with its error. */
  callAll(specs: readonly CallSpec[]): Promise<readonly SentCall[]>;
  /** Starts another client in the same run (init again: the driver closes the current one first). */
  reinit(config: DriverInitConfig): Promise<void>;
  /**
   * The calls after this are made `ms` later: a real wait for a driver, a new sequence with that delayMs for an e2e
   * CLI (whose calls are all in its input).
   */
  pause(ms: number): Promise<void>;
  /** Adds an event of a type the calls do not have, as given (the e2e-cli protocol only; a driver throws). */
  inject(event: Readonly<Record<string, unknown>>): void;
  /** The e2e CLI's starts in this run, with what each printed ([] for a driver). */
  cliRuns(): readonly CliRunRecord[];
  /** Sends flush or close and waits for it to settle (the settle timeout at most). */
  end(op: 'flush' | 'close', options?: EndOptions): Promise<OpOutcome>;
  /** The requests of this run: those carrying events of an earlier run are left out (see `lateArrivals`). */
  requests(): readonly RecordedRequest[];
  waitFor(done: (requests: readonly RecordedRequest[]) => boolean, timeoutMs: number): Promise<boolean>;
  /**
   * Resolves once every request the mock answered so far is in `requests()` (a run on a shared server reads its
   * log by polling): called before judging what was sent by a moment that has passed (a flush that answered).
   */
  sync(): Promise<void>;
  /** Journal entries of this run's calls (by marker), any status. */
  journal(): Promise<readonly JournalEntry[]>;
  /** Requests with events of this run that arrived after it ended, while a later run was under way. */
  lateArrivals(): readonly LateArrival[];
  /**
   * Gives the client up: the run found what it was looking for while the client still holds something (a request it
   * must not send, a close that would hang); the next run starts a fresh subject instead of waiting on this one.
   */
  abandon(): void;
  /** The run as a report shows it: config, calls as sent, fault schedule, how it ended. */
  counterexample(): Record<string, unknown>;
  /** Words for an outcome that is not a plain answer (timeout, driver gone), or undefined for an answer. */
  problem(outcome: OpOutcome, what: string): string | undefined;
  /** When the driver this run started with has exited: how (code, signal, stderr), for failure messages. */
  driverExit(): string | undefined;
  /** The last lines the run's driver wrote on stderr, joined with " | " ('' when none): what the client logged. */
  driverStderr(): string;
}
