import type { RegisterSuiteOptions, TestFunction } from '../framework/register-suite.js';
import { registerSuite } from '../framework/register-suite.js';
import type { RunSuiteOptions } from '../framework/run-suite-options.js';
import type { ClientSettings, ClientTarget } from './client-target.js';
import { type ClientSuiteOptions, clientSuiteDefinitionOf, runClientSuite } from './run-client-suite.js';

export interface ClientSuiteRegistration
  extends RegisterSuiteOptions,
    Omit<RunSuiteOptions, 'only' | 'onClause'>,
    ClientSettings,
    Pick<ClientSuiteOptions, 'protocol' | 'capabilities' | 'apiPath' | 'parallelRuns' | 'httpConfig' | 'server'> {
  /** The user's test function (ava `test`, node:test `test`, vitest `test`/`it`). */
  readonly test: TestFunction;
  /**
   * The client under test: its driver (`{ command: ['python3', 'driver.py'] }`), or with `protocol: 'e2e-cli'` its
   * SDK's e2e CLI (`{ command: ['node', 'e2e-cli/dist/cli.js'] }`).
   */
  readonly target: ClientTarget;
  /** Clauses at once, each on its own driver process (default 4; 1: one after another on one driver). */
  readonly concurrency?: number;
}

/**
 * Registers one test per client clause with the user's own test runner:
 * `clientSuite({ test, target: { command: ['npx', 'event-harness', 'driver'] } })`, or through the SDK's own e2e CLI:
 * `clientSuite({ test, protocol: 'e2e-cli', target: { command: ['node', 'e2e-cli/dist/cli.js'] } })`.
 * The suite runs once, when the first of those tests starts.
 */
export function clientSuite(options: ClientSuiteRegistration): void {
  const { test, failOnShould, ...rest } = options;
  registerSuite(test, clientSuiteDefinitionOf(rest.protocol), () => runClientSuite(rest), {
    ...(rest.only !== undefined ? { only: rest.only } : {}),
    ...(failOnShould !== undefined ? { failOnShould } : {}),
  });
}
