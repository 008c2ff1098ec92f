import { redactUrlPasswords, UsageError } from '../../src/index.js';
import { assertKnownClauses } from '../framework/clause-names.js';
import { randomSeed } from '../framework/random-seed.js';
import { runSuite } from '../framework/run-suite.js';
import type { RunSuiteOptions } from '../framework/run-suite-options.js';
import type { SuiteDefinition } from '../framework/suite-definition.js';
import type { SuiteReport } from '../framework/suite-report.js';
import { clientClauses, clientClausesOf } from './client-clauses.js';
import { createClientContext, type ClientContext, type ClientProtocol } from './client-context.js';
import { DriverProtocolError, DriverStartError, InterruptedRunError } from '../errors/conformance-errors.js';
import {
  CLIENT_DEFAULT_BUDGET_MS,
  CLIENT_DEFAULT_CLAUSE_TIME_LIMIT_MS,
  CLIENT_DEFAULT_CONCURRENCY,
  MAX_CLIENT_CONCURRENCY,
  CLIENT_DEFAULT_RUNS,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_READY_TIMEOUT_MS,
  DEFAULT_SETTLE_TIMEOUT_MS,
  type ClientSettings,
  type ClientTarget,
} from './client-target.js';
import type { ClientSubject, SubjectStarter } from './client-subject.js';
import { DriverProcess } from './driver-process.js';
import { RequestLog } from './request-log.js';
import { SUITE_WRITE_KEY, startSuiteMock, type SuiteMock } from './suite-mock.js';
import {
  checkE2eCliOptions,
  type E2eCliOptions,
  preflightE2eCli,
  startE2eCliWorker,
} from './e2e-cli/e2e-cli-worker.js';

export interface ClientSuiteOptions extends RunSuiteOptions, ClientSettings, E2eCliOptions {
  readonly target: ClientTarget;
  /**
   * How the suite talks to the client: 'driver' (default), a driver of the JSON-lines protocol; 'e2e-cli', the SDK's
   * own e2e CLI (`CLI --input '<JSON>'`, started once per run of a clause).
   */
  readonly protocol?: ClientProtocol;
  /**
   * How many clauses run at once, each on its own driver process (started from the same command) and its own
   * mock: default 4, never more than the clauses that run; 1 runs them one after another on one driver.
   */
  readonly concurrency?: number;
  /**
   * Base URL of a running `event-harness serve`: each worker's mock is then a run on that server (deleted at the
   * end) instead of a server of its own, so several suites can share one server.
   */
  readonly server?: string;
}

export { SUITE_WRITE_KEY };

/** The client suite as the framework runs it; replays as `event-harness check client ... -- DRIVER...`. */
export const clientSuiteDefinition: SuiteDefinition<ClientContext> = {
  name: 'client',
  clauses: clientClauses,
  replayCommand(context) {
    const args = [
      'event-harness',
      'check',
      'client',
      ...(context.protocol === 'e2e-cli' ? ['--protocol', 'e2e-cli'] : []),
      ...context.replayArgs,
    ];
    if (context.settings.readyTimeoutMs !== DEFAULT_READY_TIMEOUT_MS)
      args.push('--ready-timeout-ms', String(context.settings.readyTimeoutMs));
    if (context.settings.settleTimeoutMs !== DEFAULT_SETTLE_TIMEOUT_MS)
      args.push('--settle-timeout-ms', String(context.settings.settleTimeoutMs));
    return args;
  },
  replayTail: (context) => ['--', ...context.target.command],
  interrupt: (context) => context.interrupt(),
  // A driver that cannot start (or refuses init) leaves nothing to judge: the run ends with exit 2.
  isFatal: (error) => error instanceof DriverStartError || error instanceof DriverProtocolError,
};

/** The suite for a protocol: the e2e-cli one has the clauses about the CLI's own result besides the others. */
export function clientSuiteDefinitionOf(protocol: ClientProtocol = 'driver'): SuiteDefinition<ClientContext> {
  return protocol === 'driver'
    ? clientSuiteDefinition
    : { ...clientSuiteDefinition, clauses: clientClausesOf(protocol) };
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const chosen = value ?? fallback;
  if (!(Number.isInteger(chosen) && chosen > 0))
    throw new UsageError(
      `check client: ${name} must be a positive whole number of milliseconds; received ${String(value)}`,
    );
  return chosen;
}

/**
 * Runs the client suite: starts the mock collection API on a free port, starts the driver with its
 * address and a write key, drives calls under generated fault schedules and judges what the mock received.
 * Rejects with UsageError for bad options, DriverStartError when the driver does not start or never says
 * ready, DriverProtocolError when it refuses init (all: exit 2 in the CLI).
 */
export async function runClientSuite(options: ClientSuiteOptions): Promise<SuiteReport> {
  if (
    !Array.isArray(options.target.command) ||
    options.target.command.length === 0 ||
    options.target.command.some((part) => typeof part !== 'string')
  ) {
    throw new UsageError(
      `check client: the driver command must be a non-empty list of strings, e.g. ["npx", "event-harness", "driver"]; received ${JSON.stringify(options.target.command)}`,
    );
  }
  const protocol = options.protocol ?? 'driver';
  if (protocol !== 'driver' && protocol !== 'e2e-cli')
    throw new UsageError(`check client: the protocol must be driver or e2e-cli; received ${JSON.stringify(protocol)}`);
  const definition = clientSuiteDefinitionOf(protocol);
  // Name problems before anything starts, so a typo never waits on a driver.
  assertKnownClauses(definition.clauses, options.only ?? [], '--only');
  assertKnownClauses(definition.clauses, options.skip ?? [], '--skip');
  assertKnownClauses(definition.clauses, options.waive ?? [], '--waive');
  const e2e = protocol === 'e2e-cli' ? checkE2eCliOptions(options) : undefined;
  const settings = {
    readyTimeoutMs: positive('readyTimeoutMs', options.readyTimeoutMs, DEFAULT_READY_TIMEOUT_MS),
    callTimeoutMs: positive('callTimeoutMs', options.callTimeoutMs, DEFAULT_CALL_TIMEOUT_MS),
    settleTimeoutMs: positive('settleTimeoutMs', options.settleTimeoutMs, DEFAULT_SETTLE_TIMEOUT_MS),
  };
  const concurrency = options.concurrency ?? CLIENT_DEFAULT_CONCURRENCY;
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CLIENT_CONCURRENCY)) {
    throw new UsageError(
      `check client: concurrency must be a whole number from 1 to ${MAX_CLIENT_CONCURRENCY} (driver processes at once); received ${String(options.concurrency)}`,
    );
  }
  const seed = options.seed ?? randomSeed();
  const {
    concurrency: _,
    protocol: _protocol,
    capabilities: _capabilities,
    apiPath: _apiPath,
    parallelRuns: _parallelRuns,
    httpConfig: _httpConfig,
    ...suiteOptions
  } = options;
  /** Every worker started (mock and driver), so each is ended on every way out: normal end, error, budget. */
  const workers: ClientWorker[] = [];
  const stopStarting = new AbortController();
  let instances = 0;
  // The subject is a driver process of the JSON-lines protocol; another kind of subject plugs in here.
  const start: SubjectStarter = (environment, signal) =>
    DriverProcess.start(options.target, environment, settings.readyTimeoutMs, signal);
  const replayArgs = options.server !== undefined ? ['--server', redactUrlPasswords(options.server)] : [];
  const startWorker = async (): Promise<ClientContext> => {
    if (e2e !== undefined) {
      const worker = await startE2eCliWorker({
        target: options.target,
        settings,
        seed,
        server: options.server,
        e2e,
        replayArgs: [...replayArgs, ...e2e.replayArgs],
      });
      if (stopStarting.signal.aborted) {
        await worker.stop();
        throw new InterruptedRunError('the suite ended while this worker was starting');
      }
      stops.push(worker.stop);
      return worker.context;
    }
    const instance = ++instances;
    const mock = await startSuiteMock(seed, options.server);
    let driver: ClientSubject;
    try {
      driver = await start({ endpoint: mock.endpoint, writeKey: mock.writeKey }, stopStarting.signal);
    } catch (error) {
      await mock.stop();
      // The first driver's failure is the usual one; a later one is a driver that cannot run beside itself.
      if (instance > 1 && error instanceof DriverStartError) {
        throw new DriverStartError(
          `${error.message}. This was driver process ${instance} of those the suite runs at once (up to --concurrency ${concurrency}); a driver must tolerate several instances of itself at once (no fixed port, file or lock), or run the suite with --concurrency 1`,
          { cause: error },
        );
      }
      throw error;
    }
    const log = new RequestLog(mock.requests);
    const context = createClientContext({
      target: options.target,
      settings,
      mock,
      log,
      driver,
      start,
      replayArgs,
    });
    if (stopStarting.signal.aborted) {
      await context.close();
      log.close();
      await mock.stop();
      throw new InterruptedRunError('the suite ended while this driver was starting');
    }
    workers.push({ mock, context, log });
    return context;
  };
  /** How to stop the e2e-cli workers (their lanes, mock runs and harness). */
  const stops: (() => Promise<void>)[] = [];
  const startedAt = Date.now();
  try {
    // An e2e CLI has no ready line: one start with no events must print a result, or nothing can be judged (exit 2).
    if (e2e !== undefined) await preflightE2eCli(options.target, e2e, settings, seed, options.server);
    const first = await startWorker();
    // A clause against a client that hangs on every shrink step stops after a minute with what it found, and the
    // whole run ends within its budget, the first driver's start included, whatever the driver does.
    return await runSuite(
      definition,
      first,
      {
        clauseTimeLimitMs: CLIENT_DEFAULT_CLAUSE_TIME_LIMIT_MS,
        runs: CLIENT_DEFAULT_RUNS,
        budgetMs: CLIENT_DEFAULT_BUDGET_MS,
        ...suiteOptions,
        startedAt: suiteOptions.startedAt ?? startedAt,
        seed,
      },
      { size: concurrency, start: startWorker },
    );
  } finally {
    stopStarting.abort();
    await Promise.all([
      ...workers.map(async ({ mock, context, log }) => {
        await context.close();
        log.close();
        await mock.stop();
      }),
      ...stops.map((stop) => stop()),
    ]);
  }
}

/** One worker of the pool: its own mock collection API (faults, request log) and its own driver process. */
interface ClientWorker {
  readonly mock: SuiteMock;
  readonly context: ClientContext;
  readonly log: RequestLog;
}
