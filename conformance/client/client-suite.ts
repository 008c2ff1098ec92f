import type { RegisterSuiteOptions, TestFunction } from '../framework/register-suite.js';
import { registerSuite } from '../framework/register-suite.js';
import type { RunSuiteOptions } from '../framework/run-suite-options.js';
import type { ClientSettings, ClientTarget } from './client-target.js';
import { clientSuiteDefinition, runClientSuite } from './run-client-suite.js';

export interface ClientSuiteRegistration
  extends RegisterSuiteOptions,
    Omit<RunSuiteOptions, 'only' | 'onClause'>,
    ClientSettings {
  /** The user's test function (ava `test`, node:test `test`, vitest `test`/`it`). */
  readonly test: TestFunction;
  /** The driver of the client under test: `{ command: ['python3', 'driver.py'] }`. */
  readonly target: ClientTarget;
  /** Clauses at once, each on its own driver process (default 4; 1: one after another on one driver). */
  readonly concurrency?: number;
}

/**
 * Registers one test per client clause with the user's own test runner:
 * `clientSuite({ test, target: { command: ['npx', 'event-harness', 'driver'] } })`.
 * The suite runs once, when the first of those tests starts.
 */
export function clientSuite(options: ClientSuiteRegistration): void {
  const { test, failOnShould, ...rest } = options;
  registerSuite(test, clientSuiteDefinition, () => runClientSuite(rest), {
    ...(rest.only !== undefined ? { only: rest.only } : {}),
    ...(failOnShould !== undefined ? { failOnShould } : {}),
  });
}
