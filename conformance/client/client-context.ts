import type { DriverInitConfig as WireDriverInitConfig, JournalEntry } from '../../src/index.js';
import { DriverProtocolError } from '../errors/driver-protocol-error.js';
import { InterruptedRunError } from '../errors/interrupted-run-error.js';
import { markerOf, messageOf, shownMessage, type CallSpec, type SentCall } from './client-calls.js';
import type { ClientSubject, SubjectStarter } from './client-subject.js';
import type { ClientSettings, ClientTarget } from './client-target.js';
import type { DriverHello } from './driver-output.js';
import { describeFault, faultRule, type FaultStep } from './fault-schedule.js';
import type { OpOutcome } from './op-outcome.js';
import type { RecordedRequest, RequestLog } from './request-log.js';
import type { SuiteMock } from './suite-mock.js';
import { eventsOf } from './wire-events.js';

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

/** A request that carried events of a run after that run had ended (the next run had begun): counted in neither. */
export interface LateArrival {
  readonly request: RecordedRequest;
  /** How long after the run ended it arrived (ms). */
  readonly afterMs: number;
  /** The calls of the run whose events it carried, by index. */
  readonly calls: readonly number[];
}

/** One run of a clause: a fresh client (init), a fault schedule, calls, and the requests the mock saw. */
export interface ClientRun {
  /**
   * The run's own key, `<clause>-r<n>`: every call's marker starts with it, so an event that arrives after the run
   * ended is never counted in a later run, and is named in this one's result instead (`lateArrivals`).
   */
  readonly key: string;
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

/** The run key a marker belongs to: `<clause>-r<n>` of `<clause>-r<n>-c<i>`, or undefined for another text. */
export function runKeyOf(marker: string | undefined): string | undefined {
  return marker === undefined ? undefined : /^(.*-r\d+)-c\d+$/.exec(marker)?.[1];
}

export function createClientContext(options: ClientContextOptions): ClientContext {
  const { mock, log, settings, target } = options;
  const { endpoint, writeKey } = mock;
  let driver = options.driver;
  /** Every subject instance started here, so close() ends them all whatever happened on the way. */
  const started = new Set<ClientSubject>([driver]);
  /** Runs begun per clause, for the run keys: a clause's runs are numbered 1, 2, ... in the order they begin. */
  const runsBegun = new Map<string, number>();
  /** Every run of this context by key: when it ended (the next run began), and what arrived for it afterwards. */
  const runRecords = new Map<
    string,
    { endedAt: number | undefined; late: LateArrival[]; calls: readonly SentCall[] }
  >();
  let currentRun: string | undefined;
  // A request carrying events of an ended run is that run's late arrival, whenever it comes.
  log.onRecord((request) => {
    const byRun = new Map<string, Set<number>>();
    for (const event of eventsOf(request)) {
      const key = runKeyOf(event.marker);
      if (key === undefined || key === currentRun) continue;
      const index = Number(/-c(\d+)$/.exec(event.marker ?? '')?.[1]);
      byRun.set(key, (byRun.get(key) ?? new Set()).add(index));
    }
    for (const [key, calls] of byRun) {
      const record = runRecords.get(key);
      if (record?.endedAt === undefined) continue;
      record.late.push({
        request,
        afterMs: request.receivedAt - record.endedAt,
        calls: [...calls].sort((a, b) => a - b),
      });
    }
  });
  /** A request of another run: every event it carries with a marker belongs to a run other than `key`. */
  const foreign = (request: RecordedRequest, key: string) => {
    const keys = eventsOf(request)
      .map((e) => runKeyOf(e.marker))
      .filter((k): k is string => k !== undefined);
    return keys.length > 0 && keys.every((k) => k !== key);
  };
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
      const n = (runsBegun.get(clauseId) ?? 0) + 1;
      runsBegun.set(clauseId, n);
      const key = `${clauseId}-r${n}`;
      const previous = currentRun === undefined ? undefined : runRecords.get(currentRun);
      if (previous !== undefined) previous.endedAt = now();
      currentRun = key;
      for (const step of faults) await mock.addFault(faultRule(step));
      const calls: SentCall[] = [];
      runRecords.set(key, { endedAt: undefined, late: [], calls });
      const inits: DriverInitConfig[] = [config];
      let ended: string | undefined;
      const markers = new Set<string>();
      const ours = (requests: readonly RecordedRequest[]) => requests.filter((r) => !foreign(r, key));

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
        lateArrivals: () => runRecords.get(key)?.late ?? [],
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
