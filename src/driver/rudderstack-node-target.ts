import { callbackSdkClient, type CallbackSdk } from './callback-sdk-client.js';
import type { DriverTarget } from './driver-client.js';
import { loadOptionalPackage } from './load-optional-package.js';

type RudderAnalyticsClass = new (writeKey: string, options: Record<string, unknown>) => CallbackSdk;

// A variable specifier keeps TypeScript and bundlers from resolving it: the package is optional at run time.
const PACKAGE = '@rudderstack/rudder-sdk-node';
/** rudder-sdk-node's flushAt when none is given (cjs/index.js line 66). */
const DEFAULT_FLUSH_AT = 20;

/** Loads @rudderstack/rudder-sdk-node (CommonJS), or explains how to install it. */
export async function loadRudderstack(specifier = PACKAGE): Promise<RudderAnalyticsClass> {
  return (await loadOptionalPackage<{ default: RudderAnalyticsClass }>(specifier, 'rudderstack-node')).default;
}

/**
 * @rudderstack/rudder-sdk-node 3 behind the driver protocol: pointed at the mock through `dataPlaneUrl`, with
 * flushAt, flushInterval, retryCount and timeout from init (cjs/index.js lines 44-89). It gzips every request
 * by default (line 74), as it does in production. Its logger (default level info) writes through
 * console.info, which the driver command sends to stderr. The errorHandler keeps a failed background flush from
 * being an unhandled rejection that ends the process (lines 682-697).
 */
export const rudderstackNodeTarget: DriverTarget = {
  name: 'rudderstack-node',
  capabilities: ['flushAt', 'flushAfter', 'screen', 'gzip'],
  async create(config, env) {
    const Analytics = await loadRudderstack();
    const sdk = new Analytics(env.writeKey, {
      dataPlaneUrl: env.endpoint,
      ...(config.flushAt !== undefined ? { flushAt: config.flushAt } : {}),
      ...(config.flushAfterMs !== undefined ? { flushInterval: config.flushAfterMs } : {}),
      ...(config.retries !== undefined ? { retryCount: config.retries } : {}),
      ...(config.timeout !== undefined ? { timeout: config.timeout } : {}),
      errorHandler: (error: unknown) =>
        process.stderr.write(`rudder-sdk-node error: ${error instanceof Error ? error.message : String(error)}\n`),
    });
    return callbackSdkClient(sdk, PACKAGE, config.flushAt ?? DEFAULT_FLUSH_AT);
  },
};
