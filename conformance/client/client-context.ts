import { DriverProtocolError, InterruptedRunError } from '../errors/conformance-errors.js';
import { markerOf, messageOf, shownMessage, type SentCall } from './client-calls.js';
import type { ClientSubject, SubjectStarter } from './client-subject.js';
import type { ClientSettings, ClientTarget } from './client-target.js';
import type { DriverHello } from './driver-output.js';
import { describeFault, faultRule, type FaultStep } from './fault-schedule.js';
import type { OpOutcome } from './op-outcome.js';
import type { RecordedRequest, RequestLog } from './request-log.js';
import type { SuiteMock } from './suite-mock.js';
import type { ClientRun, DriverInitConfig } from './client-run.js';
import { RunRegistry } from './run-registry.js';

export type { ClientRun, EndOptions } from './client-run.js';

export type { DriverInitConfig } from './client-run.js';

/** What every client clause works with. */
export interface ClientContext {
  readonly target: ClientTarget;
  /** The extra arguments of the command that replays this run (`--server URL` when the mock was a shared server's run). */
  readonly replayArgs: readonly string[];
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
  /** The subject, started: a driver process of the JSON-lines protocol, or any other ClientSubject. */
  readonly driver: ClientSubject;
  /** Starts another instance of the subject, when one hangs or dies. */
  readonly start: SubjectStarter;
  readonly replayArgs?: readonly string[];
}

export function createClientContext(options: ClientContextOptions): ClientContext {
  const { mock, log, settings, target } = options;
  const { endpoint, writeKey } = mock;
  let driver = options.driver;
  /** Every subject instance started here, so close() ends them all whatever happened on the way. */
  const started = new Set<ClientSubject>([driver]);
  /** The runs of this subject's mock: each its own markers, late arrivals named in the run they belong to. */
  const registry = new RunRegistry();
  log.onRecord((request) => registry.record(request));
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
    const next = await options.start({ endpoint, writeKey });
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
    replayArgs: options.replayArgs ?? [],
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
      // Whatever the previous client sent while closing is not this run's: start from an empty mock. What it
      // sends later carries the previous run's markers and is named there, never counted here.
      await mock.reset();
      log.clear();
      const key = registry.begin(clauseId, now());
      for (const step of faults) await mock.addFault(faultRule(step));
      const calls: SentCall[] = [];
      const inits: DriverInitConfig[] = [config];
      let ended: string | undefined;
      const markers = new Set<string>();
      const ours = (requests: readonly RecordedRequest[]) => registry.requestsOf(key, requests);

      const clientRun: ClientRun = {
        key,
        config,
        faults,
        initSentAt,
        calls,
        async callAll(specs) {
          const made: SentCall[] = [];
          for (const spec of specs) {
            if (stale()) break;
            const index = calls.length;
            const marker = `${key}-c${index}`;
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
          // What the client sent before it answered is judged next: every such request must be in the log.
          if (outcome.kind === 'answer') await mock.sync();
          return outcome;
        },
        requests: () => ours(log.all()),
        waitFor: (done, timeoutMs) =>
          stale() ? Promise.resolve(done(ours(log.all()))) : log.waitFor((all) => done(ours(all)), timeoutMs),
        sync: () => mock.sync(),
        journal: async () =>
          (await mock.entries()).filter((entry) => {
            const marker = markerOf(entry.event);
            return marker !== undefined && markers.has(marker);
          }),
        lateArrivals: () => registry.lateArrivals(key),
        abandon() {
          restart = true;
        },
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
        driverStderr: () => runDriver.stderrTail().split('\n').slice(-3).join(' | '),
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
