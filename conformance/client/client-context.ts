import { DriverProtocolError, InterruptedRunError } from '../errors/conformance-errors.js';
import { markerOf, messageOf, shownMessage, type SentCall } from './client-calls.js';
import type { ClientSubject, SubjectEnvironment, SubjectStarter } from './client-subject.js';
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

/** How the suite talks to the client: a driver of the JSON-lines protocol, or the SDK's own e2e CLI. */
export type ClientProtocol = 'driver' | 'e2e-cli';

/** What every client clause works with. */
export interface ClientContext {
  readonly target: ClientTarget;
  readonly protocol: ClientProtocol;
  /**
   * This context and the others of its worker that a property's runs may be made on side by side (the e2e-cli
   * protocol: each its own CLI and mock run); just this one for a driver.
   */
  readonly lanes: readonly ClientContext[];
  /** Where the subject reads its write key from, for messages: EVENT_HARNESS_WRITE_KEY, or the input's writeKey. */
  readonly writeKeySource: string;
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

/** A mock of one run of its own (the e2e-cli protocol: each run its own mock run and write key), with its log. */
export interface RunMock {
  readonly mock: SuiteMock;
  readonly log: RequestLog;
}

export interface ClientContextOptions {
  readonly target: ClientTarget;
  /** Default 'driver'. */
  readonly protocol?: ClientProtocol;
  readonly settings: Required<ClientSettings>;
  readonly mock: SuiteMock;
  readonly log: RequestLog;
  /** The subject, started: a driver process of the JSON-lines protocol, or any other ClientSubject. */
  readonly driver: ClientSubject;
  /** Starts another instance of the subject, when one hangs or dies. */
  readonly start: SubjectStarter;
  readonly replayArgs?: readonly string[];
  /**
   * Opens a fresh mock run (its own write key, faults, journal and log) for each run of a clause, closed when the
   * next run begins or the context closes; without it every run resets the one `mock`.
   */
  readonly openRunMock?: () => Promise<RunMock>;
  /** The other lanes of this worker (filled in once they are made); this context is lane 0. */
  readonly lanes?: readonly ClientContext[];
  /** Run numbers shared by the lanes, so every run of a worker has its own key. */
  readonly runNumbers?: Map<string, number>;
}

export function createClientContext(options: ClientContextOptions): ClientContext {
  const { mock, log, settings, target } = options;
  const { endpoint, writeKey } = mock;
  let driver = options.driver;
  /** Every subject instance started here, so close() ends them all whatever happened on the way. */
  const started = new Set<ClientSubject>([driver]);
  /** The runs of this subject's mock: each its own markers, late arrivals named in the run they belong to. */
  const registry = new RunRegistry(options.runNumbers);
  log.onRecord((request) => registry.record(request));
  const protocol = options.protocol ?? 'driver';
  /** The mock run of the current run, when each run opens its own (closed when the next one opens). */
  let openRun: RunMock | undefined;
  const closeRun = async (run: RunMock | undefined) => {
    if (run === undefined) return;
    run.log.close();
    await run.mock.stop().catch(() => undefined);
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

  /** A fresh client on the driver; when the previous one would not close (it hangs on a retry), on a new driver. */
  async function initClient(initLine: { op: 'init'; config: DriverInitConfig }): Promise<void> {
    let init = await driver.request(initLine, settings.settleTimeoutMs);
    if (init.kind !== 'answer') {
      await freshDriver();
      init = await driver.request(initLine, settings.settleTimeoutMs);
    }
    if (init.kind !== 'answer' || !init.ok) {
      throw new DriverProtocolError(
        `the driver refused or did not answer {"op": "init", "config": ${JSON.stringify(initLine.config)}}: ${init.kind === 'answer' ? (init.error ?? 'ok: false') : (describe(init, 'init') ?? '')}; a driver must accept flushAt and flushAfterMs`,
      );
    }
  }

  const context: ClientContext = {
    target,
    protocol,
    get lanes() {
      return [context, ...(options.lanes ?? [])];
    },
    writeKeySource: protocol === 'e2e-cli' ? 'the input\'s "writeKey"' : 'EVENT_HARNESS_WRITE_KEY',
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
      for (const lane of options.lanes ?? []) lane.enter(clauseId);
    },
    async interrupt() {
      epoch++;
      activeClause = undefined;
      restart = true;
      await Promise.all([driver.kill(), ...(options.lanes ?? []).map((lane) => lane.interrupt())]);
    },
    async begin(clauseId, wanted, faults) {
      if (closed || activeClause !== clauseId)
        throw new InterruptedRunError(`clause ${clauseId} was cut off; its remaining runs do not start`);
      const runEpoch = epoch;
      const stale = () => runEpoch !== epoch || closed;
      const config = context.configFor(wanted);
      if (restart || !driver.alive) await freshDriver();
      // A run of its own: a fresh mock run (write key, faults, log) the new client is pointed at.
      const previous = openRun;
      const fresh = options.openRunMock === undefined ? undefined : await options.openRunMock();
      openRun = fresh;
      const runMock = fresh?.mock ?? mock;
      const runLog = fresh?.log ?? log;
      const environment: SubjectEnvironment | undefined =
        fresh === undefined ? undefined : { endpoint: runMock.endpoint, writeKey: runMock.writeKey };
      const initLine = { op: 'init' as const, config, ...(environment !== undefined ? { environment } : {}) };
      const initSentAt = now();
      await initClient(initLine);
      await closeRun(previous);
      const runDriver = driver;
      // Whatever the previous client sent while closing is not this run's: start from an empty mock. What it
      // sends later carries the previous run's markers and is named there, never counted here.
      if (fresh === undefined) {
        await mock.reset();
        log.clear();
      } else runLog.onRecord((request) => registry.record(request));
      const key = registry.begin(clauseId, now());
      for (const step of faults) await runMock.addFault(faultRule(step));
      const calls: SentCall[] = [];
      const inits: DriverInitConfig[] = [config];
      /** The delays asked for with pause() (an e2e CLI's sequences): its deadline grows by them. */
      let pausedMs = 0;
      let ended: string | undefined;
      const markers = new Set<string>();
      const ours = (requests: readonly RecordedRequest[]) => registry.requestsOf(key, requests);
      /** What was called reaches the wire before the suite waits on it (an e2e CLI starts here). */
      const commit = () => {
        if (!stale()) runDriver.commit?.();
      };

      const clientRun: ClientRun = {
        key,
        writeKey: runMock.writeKey,
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
            const refused = outcome.kind === 'answer' ? refusalOf(outcome) : describe(outcome, `the ${spec.op} call`);
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
          const line = { op: 'init' as const, config: next, ...(environment !== undefined ? { environment } : {}) };
          const outcome = await driver.request(line, settings.settleTimeoutMs);
          if (outcome.kind !== 'answer') restart = true;
        },
        async pause(ms) {
          // A subject that takes a run's calls at once waits in its own input; a driver's calls are made after a real wait.
          if (runDriver.pause === undefined) await new Promise((resolve) => setTimeout(resolve, ms));
          else if (!stale()) {
            runDriver.pause(ms);
            pausedMs += ms;
          }
        },
        inject(event) {
          if (stale()) return;
          if (runDriver.inject === undefined)
            throw new TypeError('this subject takes only the calls of the driver protocol: no event can be injected');
          runDriver.inject(event);
        },
        cliRuns: () => runDriver.cliRuns?.() ?? [],
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
              : runLog.waitFor(
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
          if (outcome.kind === 'answer') await runMock.sync();
          return outcome;
        },
        requests: () => ours(runLog.all()),
        async waitFor(done, timeoutMs) {
          if (stale()) return done(ours(runLog.all()));
          commit();
          const idle = runDriver.idle?.();
          if (idle === undefined) return runLog.waitFor((all) => done(ours(all)), timeoutMs);
          // Once the subject has nothing left running (an e2e CLI has exited), nothing more can come: no need to wait on.
          // Until then its silence means nothing (it may still be starting, or in its backoff): the wait is the CLI's
          // own deadline (its sequences' delays plus the settle timeout), not a quiet window.
          const bound = Math.max(timeoutMs, settings.settleTimeoutMs + pausedMs);
          const ended = new AbortController();
          let failure: { error: unknown } | undefined;
          void idle.then(
            // A sync that fails (the run was closed meanwhile) ends the wait too; the wait then judges what came.
            () =>
              runMock.sync().then(
                () => ended.abort(),
                () => ended.abort(),
              ),
            (error: unknown) => {
              failure = { error };
              ended.abort();
            },
          );
          const met = await runLog.waitFor((all) => done(ours(all)), bound, ended.signal);
          // The subject could not be started (a missing command): nothing can be judged.
          if (failure !== undefined) throw failure.error;
          return met || done(ours(runLog.all()));
        },
        async sync() {
          commit();
          await runMock.sync();
        },
        journal: async () =>
          (await runMock.entries()).filter((entry) => {
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
        driverExit: () => exitOf(runDriver),
      };
      return clientRun;
    },
    async close() {
      closed = true;
      epoch++;
      await driver.stop();
      await Promise.all([...started].map((d) => d.kill()));
      await closeRun(openRun);
      openRun = undefined;
      await Promise.all((options.lanes ?? []).map((lane) => lane.close()));
    },
  };
  return context;
}

/** A call's refusal as its answer says it, or undefined when the driver took it. */
function refusalOf(answer: Extract<OpOutcome, { kind: 'answer' }>): string | undefined {
  return answer.ok ? undefined : (answer.error ?? 'refused');
}

/** How the subject ended during a run, or undefined while it runs. */
function exitOf(subject: ClientSubject): string | undefined {
  if (subject.describeEnd !== undefined) return subject.describeEnd();
  const status = subject.exitStatus;
  if (status === undefined) return undefined;
  const stderr = subject.stderrTail();
  return `the driver exited (${status.code !== null ? `code ${status.code}` : `signal ${status.signal ?? 'unknown'}`}) during the run${stderr === '' ? '' : ` (driver stderr: ${stderr.split('\n').slice(-3).join(' | ')})`}`;
}
