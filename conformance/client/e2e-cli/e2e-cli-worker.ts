import { type HttpConfig, UsageError, validate } from '../../../src/index.js';
import { DriverStartError } from '../../errors/conformance-errors.js';
import { shellCommand } from '../../framework/shell-quote.js';
import { type ClientContext, createClientContext } from '../client-context.js';
import type { ClientSettings, ClientTarget } from '../client-target.js';
import { RequestLog } from '../request-log.js';
import { startRunMocks } from '../suite-mock.js';
import { describeCliExit, describeCliOutput } from './cli-run-record.js';
import { startCliProcess } from './e2e-cli-process.js';
import { E2eCliSubject, type E2eCliSettings } from './e2e-cli-subject.js';

/** What `check client --protocol e2e-cli` takes besides the suite's options. */
export interface E2eCliOptions {
  /**
   * e2e-cli: what the CLI passes on to its SDK of the input's config (`flushAt`, `flushAfter` for `flushInterval` in
   * milliseconds) and whether its SDK has `screen`. Default all three. A knob left out is not sent, and the client is
   * judged at the rules' default (20 calls, 5 s), as a driver that does not list it.
   */
  readonly capabilities?: readonly string[];
  /** e2e-cli: appended to the mock's origin for apiHost and cdnHost: '' (default, the SDK appends /v1) or '/v1'. */
  readonly apiPath?: string;
  /** e2e-cli: runs of one clause at once, each its own CLI process and mock run. Default 4. */
  readonly parallelRuns?: number;
  /**
   * e2e-cli: the `httpConfig` of the settings cdnHost answers (`integrations["Segment.io"].httpConfig`, as
   * `createHarness({ httpConfig })` serves it), default none.
   */
  readonly httpConfig?: HttpConfig;
}

export const E2E_CLI_CAPABILITIES = ['flushAt', 'flushAfter', 'screen'] as const;
export const E2E_CLI_DEFAULT_PARALLEL_RUNS = 4;
export const E2E_CLI_MAX_PARALLEL_RUNS = 16;

/** The e2e-cli options, checked, with the replay arguments that give them back. */
export interface CheckedE2eCliOptions {
  readonly capabilities: readonly string[];
  readonly apiPath: string;
  readonly parallelRuns: number;
  readonly httpConfig: HttpConfig | undefined;
  readonly replayArgs: readonly string[];
}

export function checkE2eCliOptions(options: E2eCliOptions): CheckedE2eCliOptions {
  const capabilities = options.capabilities ?? E2E_CLI_CAPABILITIES;
  const unknown = capabilities.filter((c) => !(E2E_CLI_CAPABILITIES as readonly string[]).includes(c));
  if (!Array.isArray(capabilities) || unknown.length > 0)
    throw new UsageError(
      `check client: --capabilities takes ${E2E_CLI_CAPABILITIES.join(', ')} (what the e2e CLI honours); received ${JSON.stringify(unknown.length > 0 ? unknown : capabilities)}`,
    );
  const apiPath = options.apiPath ?? '';
  if (!/^(\/[A-Za-z0-9._~-]+)*$/.test(apiPath))
    throw new UsageError(
      `check client: --api-path must be empty or a path such as /v1 (appended to the mock's origin for apiHost and cdnHost); received ${JSON.stringify(apiPath)}`,
    );
  const parallelRuns = options.parallelRuns ?? E2E_CLI_DEFAULT_PARALLEL_RUNS;
  if (!(Number.isInteger(parallelRuns) && parallelRuns >= 1 && parallelRuns <= E2E_CLI_MAX_PARALLEL_RUNS))
    throw new UsageError(
      `check client: parallelRuns must be a whole number from 1 to ${E2E_CLI_MAX_PARALLEL_RUNS} (runs of a clause at once); received ${String(options.parallelRuns)}`,
    );
  if (options.httpConfig !== undefined) {
    const checked = validate('http-config', options.httpConfig);
    if (!checked.ok)
      throw new UsageError(
        `check client: the httpConfig is not one the settings take (schemas/http-config.schema.json): ${checked.violations.map((v) => v.message).join('; ')}`,
      );
  }
  const sameCapabilities =
    capabilities.length === E2E_CLI_CAPABILITIES.length && E2E_CLI_CAPABILITIES.every((c) => capabilities.includes(c));
  return {
    capabilities: [...capabilities],
    apiPath,
    parallelRuns,
    httpConfig: options.httpConfig,
    replayArgs: [
      ...(sameCapabilities ? [] : ['--capabilities', capabilities.join(',')]),
      ...(apiPath === '' ? [] : ['--api-path', apiPath]),
      ...(options.httpConfig === undefined ? [] : ['--http-config', JSON.stringify(options.httpConfig)]),
    ],
  };
}

/** The e2e CLI's settings from the suite's. */
function subjectSettings(e2e: CheckedE2eCliOptions, settings: Required<ClientSettings>): E2eCliSettings {
  return { capabilities: e2e.capabilities, apiPath: e2e.apiPath, settleTimeoutMs: settings.settleTimeoutMs };
}

/**
 * Starts the CLI once with no events: it must print its result (the contract's last JSON value with a boolean
 * `success`) within the ready timeout, or nothing it does can be judged. DriverStartError (exit 2) says what came
 * instead.
 */
export async function preflightE2eCli(
  target: ClientTarget,
  e2e: CheckedE2eCliOptions,
  settings: Required<ClientSettings>,
  seed: number,
  server: string | undefined,
): Promise<void> {
  const mocks = await startRunMocks(seed, server, e2e.httpConfig);
  try {
    const mock = await mocks.open();
    try {
      const origin = mock.endpoint.replace(/\/+$/, '');
      const input = {
        writeKey: mock.writeKey,
        apiHost: `${origin}${e2e.apiPath}`,
        cdnHost: `${origin}${e2e.apiPath}`,
        sequences: [],
        config: {},
      };
      const started = await startCliProcess(target, input, settings.readyTimeoutMs);
      const record = await started.ended;
      if (record.result === undefined)
        throw new DriverStartError(
          `the e2e CLI ${shellCommand(target.command)}, started with an input without events (--input '${JSON.stringify({ ...input, writeKey: '<key>' })}'), ${describeCliExit(record)} and ${describeCliOutput(record)}. It must print its result on stdout, a JSON object with "success" (the e2e-cli contract; docs/client-suite.md, "Run your SDK's own e2e CLI")`,
        );
    } finally {
      await mock.stop();
    }
  } finally {
    await mocks.stop();
  }
}

export interface E2eCliWorker {
  readonly context: ClientContext;
  stop(): Promise<void>;
}

/**
 * One worker of the e2e-cli suite: its mock (a harness whose runs are the clauses' runs, or runs on a shared server)
 * and `parallelRuns` lanes, each an e2e CLI subject whose runs each get a mock run and write key of their own.
 */
export async function startE2eCliWorker(options: {
  readonly target: ClientTarget;
  readonly settings: Required<ClientSettings>;
  readonly seed: number;
  readonly server: string | undefined;
  readonly e2e: CheckedE2eCliOptions;
  readonly replayArgs: readonly string[];
}): Promise<E2eCliWorker> {
  const { target, settings, e2e } = options;
  const mocks = await startRunMocks(options.seed, options.server, e2e.httpConfig);
  // The context's own mock names where lanes send until their first run opens its own.
  const base = await mocks.open();
  const baseLog = new RequestLog(base.requests);
  const runNumbers = new Map<string, number>();
  const openRunMock = async () => {
    const mock = await mocks.open();
    return { mock, log: new RequestLog(mock.requests) };
  };
  const start = async (environment: { endpoint: string; writeKey: string }) =>
    new E2eCliSubject(target, environment, subjectSettings(e2e, settings));
  const lane = (lanes?: readonly ClientContext[]) =>
    createClientContext({
      target,
      protocol: 'e2e-cli',
      settings,
      mock: base,
      log: baseLog,
      driver: new E2eCliSubject(target, base, subjectSettings(e2e, settings)),
      start,
      replayArgs: options.replayArgs,
      openRunMock,
      runNumbers,
      ...(lanes !== undefined ? { lanes } : {}),
    });
  const others = Array.from({ length: e2e.parallelRuns - 1 }, () => lane());
  const context = lane(others);
  return {
    context,
    async stop() {
      await context.close();
      baseLog.close();
      await base.stop();
      await mocks.stop();
    },
  };
}
