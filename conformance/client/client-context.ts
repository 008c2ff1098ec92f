import type { DriverInitConfig as WireDriverInitConfig, JournalEntry } from '../../src/index.js';
import { DriverProtocolError } from '../errors/driver-protocol-error.js';
import { InterruptedRunError } from '../errors/interrupted-run-error.js';
import { messageOf, shownMessage, type CallSpec, type SentCall } from './client-calls.js';
import type { ClientSettings, ClientTarget } from './client-target.js';
import type { DriverHello } from './driver-output.js';
import { DriverProcess } from './driver-process.js';
import { describeFault, faultRule, type FaultStep } from './fault-schedule.js';
import type { OpOutcome } from './op-outcome.js';
import type { RecordedRequest, RequestLog } from './request-log.js';
import type { SuiteMock } from './suite-mock.js';

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
  readonly config: DriverInitConfig;
  readonly faults: readonly FaultStep[];
  /** When init was written to the driver (harness clock, ms). */
  readonly initSentAt: number;
  readonly calls: readonly SentCall[];
  /** Makes each call in order; a call the driver refuses is kept with its error. */
  callAll(specs: readonly CallSpec[]): Promise<readonly SentCall[]>;
  /** Starts another client in the same run (init again: the driver closes the current one first). */
  reinit(config: DriverInitConfig): Promise<void>;
  /** Sends flush or close and waits for it to settle (the settle timeout at most). */
  end(op: 'flush' | 'close', options?: EndOptions): Promise<OpOutcome>;
  requests(): readonly RecordedRequest[];
  waitFor(done: (requests: readonly RecordedRequest[]) => boolean, timeoutMs: number): Promise<boolean>;
  /** Journal entries of this run's calls (by marker), any status. */
  journal(): Promise<readonly JournalEntry[]>;
  /** The run as a report shows it: config, calls as sent, fault schedule, how it ended. */
  counterexample(): Record<string, unknown>;
  /** Words for an outcome that is not a plain answer (timeout, driver gone), or undefined for an answer. */
  problem(outcome: OpOutcome, what: string): string | undefined;
  /** When the driver this run started with has exited: how (code, signal, stderr), for failure messages. */
  driverExit(): string | undefined;
}

/** What every client clause works with. */
export interface ClientContext {
  readonly target: ClientTarget;
  readonly hello: DriverHello;
  readonly capabilities: ReadonlySet<string>;
  /**
   * Which batching knobs the client takes from init (the driver lists `flushAt` / `flushAfter`); a knob it
   * does not take is tested at the rules' default (20 calls, 5 s) instead of skipped.
   */
  readonly knobs: { readonly flushAt: boolean; readonly flushAfter: boolean };
  /** The config a clause gets when it asks for `wanted`: the wanted values for the knobs the client takes, the rules' defaults for the others. */
  configFor(wanted: DriverInitConfig): DriverInitConfig;
  /** Marks the start of a clause: runs of an earlier clause (one cut off at its time limit) stop touching the driver. */
  enter(clauseId: string): void;
  /** Cuts the current clause off: its waits end at once and the driver is killed (the next run starts a fresh one). */
  interrupt(): Promise<void>;
  readonly writeKey: string;
  readonly endpoint: string;
  readonly settings: Required<ClientSettings>;
  /** Starts a run: a fresh client with `config`, then `faults` for the next collection requests in order. */
  begin(clauseId: string, config: DriverInitConfig, faults: readonly FaultStep[]): Promise<ClientRun>;
  /** Stops the driver, and every other driver process this context started. */
  close(): Promise<void>;
}

/** rule 2.5 and 8: the defaults a client that takes no knobs is judged at. */
export const SPEC_FLUSH_AT = 20;
export const SPEC_FLUSH_AFTER_MS = 5_000;

export interface ClientContextOptions {
  readonly target: ClientTarget;
  readonly settings: Required<ClientSettings>;
  readonly mock: SuiteMock;
  readonly log: RequestLog;
  readonly driver: DriverProcess;
}

export function createClientContext(options: ClientContextOptions): ClientContext {
  const { mock, log, settings, target } = options;
  const { endpoint, writeKey } = mock;
  let driver = options.driver;
  /** Every driver process started here, so close() ends them all whatever happened on the way. */
  const started = new Set<DriverProcess>([driver]);
  /** Set when a run left the driver hanging or sending: the next run starts a new one. */
  let restart = false;
  let closed = false;
  /** Bumped when a clause starts or is cut off; a run of an older epoch no longer talks to the driver. */
  let epoch = 0;
  let activeClause: string | undefined;
  const knobs = {
    flushAt: options.driver.hello.capabilities.includes('flushAt'),
    flushAfter: options.driver.hello.capabilities.includes('flushAfter'),
  };
  // The mock runs on the system clock (a run on a shared server too): the suite's own real time is its time.
  const now = () => Date.now();

  const describe = (outcome: OpOutcome, what: string): string | undefined => {
    const stderr = driver.stderrTail();
    const tail = stderr === '' ? '' : ` (driver stderr: ${stderr.split('\n').slice(-3).join(' | ')})`;
    switch (outcome.kind) {
      case 'answer':
        return undefined;
      case 'timeout':
        return `${what} got no answer within ${outcome.ms} ms${tail}`;
      case 'exited':
        return `the driver exited (${outcome.code !== null ? `code ${outcome.code}` : `signal ${outcome.signal ?? 'unknown'}`}) before answering ${what}${tail}`;
      case 'stopped':
        return outcome.reason;
    }
  };

  async function freshDriver(): Promise<void> {
    await driver.kill();
    if (closed) throw new InterruptedRunError('the suite has ended; no new driver is started');
    const next = await DriverProcess.start(target, { endpoint, writeKey }, settings.readyTimeoutMs);
    started.add(next);
    if (closed) {
      await next.kill();
      throw new InterruptedRunError('the suite has ended; no new driver is started');
    }
    driver = next;
    restart = false;
  }

  const context: ClientContext = {
    target,
    get hello() {
      return driver.hello;
    },
    capabilities: new Set(options.driver.hello.capabilities),
    knobs,
    configFor: (wanted) => ({
      flushAt: knobs.flushAt ? wanted.flushAt : SPEC_FLUSH_AT,
      flushAfterMs: knobs.flushAfter ? wanted.flushAfterMs : SPEC_FLUSH_AFTER_MS,
    }),
    writeKey,
    endpoint,
    settings,
    enter(clauseId) {
      epoch++;
      activeClause = clauseId;
    },
    async interrupt() {
      epoch++;
      activeClause = undefined;
      restart = true;
      await driver.kill();
    },
    async begin(clauseId, wanted, faults) {
      if (closed || activeClause !== clauseId)
        throw new InterruptedRunError(`clause ${clauseId} was cut off; its remaining runs do not start`);
      const runEpoch = epoch;
      const stale = () => runEpoch !== epoch || closed;
      const config = context.configFor(wanted);
      if (restart || !driver.alive) await freshDriver();
      const initSentAt = now();
      let init = await driver.request({ op: 'init', config }, settings.settleTimeoutMs);
      if (init.kind !== 'answer') {
        // The previous client would not close (it hangs on a retry): start over with a new driver.
        await freshDriver();
        init = await driver.request({ op: 'init', config }, settings.settleTimeoutMs);
      }
      if (init.kind !== 'answer' || !init.ok) {
        throw new DriverProtocolError(
          `the driver refused or did not answer {"op": "init", "config": ${JSON.stringify(config)}}: ${init.kind === 'answer' ? (init.error ?? 'ok: false') : (describe(init, 'init') ?? '')}; a driver must accept flushAt and flushAfterMs`,
        );
      }
      const runDriver = driver;
      // Whatever the previous client sent while closing is not this run's: start from an empty mock.
      await mock.reset();
      log.clear();
      for (const step of faults) await mock.addFault(faultRule(step));
      const calls: SentCall[] = [];
      const inits: DriverInitConfig[] = [config];
      let ended: string | undefined;
      const markers = new Set<string>();

      const clientRun: ClientRun = {
        config,
        faults,
        initSentAt,
        calls,
        async callAll(specs) {
          const made: SentCall[] = [];
          for (const spec of specs) {
            if (stale()) break;
            const index = calls.length;
            const marker = `${clauseId}-c${index}`;
            markers.add(marker);
            const message = messageOf(spec, marker, index);
            const outcome = await driver.request({ op: spec.op, message }, settings.callTimeoutMs);
            if (outcome.kind !== 'answer') restart = true;
            const refused =
              outcome.kind === 'answer'
                ? outcome.ok
                  ? undefined
                  : (outcome.error ?? 'refused')
                : describe(outcome, `the ${spec.op} call`);
            const sent: SentCall = {
              index,
              op: spec.op,
              marker,
              message,
              spec,
              ...(refused !== undefined ? { refused } : {}),
            };
            calls.push(sent);
            made.push(sent);
          }
          return made;
        },
        async reinit(wantedNext) {
          if (stale()) return;
          const next = context.configFor(wantedNext);
          inits.push(next);
          const outcome = await driver.request({ op: 'init', config: next }, settings.settleTimeoutMs);
          if (outcome.kind !== 'answer') restart = true;
        },
        async end(op, endOptions = {}) {
          if (stale()) return { kind: 'stopped', reason: 'the clause was cut off at its time limit' };
          ended = op;
          let stopReason: ((reason: string) => void) | undefined;
          const stop = new Promise<string>((resolve) => (stopReason = resolve));
          const check = endOptions.stopWhen;
          const watch = new AbortController();
          const watching =
            check === undefined
              ? undefined
              : log.waitFor(
                  (requests) => {
                    const reason = check(requests);
                    if (reason !== undefined) stopReason?.(reason);
                    return reason !== undefined;
                  },
                  settings.settleTimeoutMs,
                  watch.signal,
                );
          const outcome = await driver.request(
            { op },
            endOptions.timeoutMs ?? settings.settleTimeoutMs,
            check === undefined ? undefined : stop,
          );
          watch.abort();
          await watching;
          if (outcome.kind !== 'answer') restart = true;
          return outcome;
        },
        requests: () => log.all(),
        waitFor: (done, timeoutMs) => (stale() ? Promise.resolve(done(log.all())) : log.waitFor(done, timeoutMs)),
        journal: async () =>
          (await mock.entries()).filter((entry) => {
            const id = entry.event.userId ?? entry.event.anonymousId;
            return typeof id === 'string' && markers.has(id);
          }),
        counterexample() {
          return {
            init: inits.length === 1 ? config : inits,
            calls: calls.map((c) => ({
              op: c.op,
              message: shownMessage(c.message),
              ...(c.refused !== undefined ? { refused: c.refused } : {}),
            })),
            faults: faults.map(describeFault),
            // Not `then`: an object with a then key can be taken for a promise (a thenable).
            ...(ended !== undefined ? { endedWith: ended } : {}),
          };
        },
        problem: describe,
        driverExit() {
          const status = runDriver.exitStatus;
          if (status === undefined) return undefined;
          const stderr = runDriver.stderrTail();
          return `the driver exited (${status.code !== null ? `code ${status.code}` : `signal ${status.signal ?? 'unknown'}`}) during the run${stderr === '' ? '' : ` (driver stderr: ${stderr.split('\n').slice(-3).join(' | ')})`}`;
        },
      };
      return clientRun;
    },
    async close() {
      closed = true;
      epoch++;
      await driver.stop();
      await Promise.all([...started].map((d) => d.kill()));
    },
  };
  return context;
}
