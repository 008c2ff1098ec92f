import type { RunSuiteOptions } from '../framework/run-suite-options.js';
import type { RegisterSuiteOptions, TestFunction } from '../framework/register-suite.js';
import { registerSuite } from '../framework/register-suite.js';
import type { ReceiverSettings, ReceiverSupports, ReceiverTarget } from './receiver-target.js';
import { receiverSuiteDefinition, runReceiverSuite } from './run-receiver-suite.js';

export interface ReceiverSuiteRegistration
  extends RegisterSuiteOptions,
    Omit<RunSuiteOptions, 'only' | 'onClause'>,
    ReceiverSettings {
  /** The user's test function (ava `test`, node:test `test`, vitest `test`/`it`). */
  readonly test: TestFunction;
  /** The receiver, or a function answering it once the receiver is up (called when the first clause runs). */
  readonly target: ReceiverTarget | (() => ReceiverTarget | Promise<ReceiverTarget>);
  readonly supports?: ReceiverSupports;
}

/**
 * Registers one test per receiver clause with the user's own test runner:
 * `receiverSuite({ test, target: { url, secret, headers }, supports: { delete: false } })`.
 * The suite runs once, when the first of those tests starts.
 */
export function receiverSuite(options: ReceiverSuiteRegistration): void {
  const { test, target, failOnShould, ...rest } = options;
  registerSuite(
    test,
    receiverSuiteDefinition,
    async () => runReceiverSuite({ ...rest, target: typeof target === 'function' ? await target() : target }),
    {
      ...(rest.only !== undefined ? { only: rest.only } : {}),
      ...(failOnShould !== undefined ? { failOnShould } : {}),
    },
  );
}
