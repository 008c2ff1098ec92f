import { callbackSdkClient, type CallbackSdk } from './callback-sdk-client.js';
import type { DriverTarget } from './driver-client.js';
import { loadOptionalPackage } from './load-optional-package.js';

type AnalyticsNodeClass = new (writeKey: string, options: Record<string, unknown>) => CallbackSdk;

// A variable specifier keeps TypeScript and bundlers from resolving it: the package is optional at run time.
const PACKAGE = 'analytics-node';
/** analytics-node 6's flushAt when none is given (index.js line 50). */
const DEFAULT_FLUSH_AT = 20;

/** Loads analytics-node (v6, CommonJS), or explains how to install it. */
export async function loadAnalyticsNode(specifier = PACKAGE): Promise<AnalyticsNodeClass> {
  return (await loadOptionalPackage<{ default: AnalyticsNodeClass }>(specifier, 'analytics-node')).default;
}

/**
 * analytics-node 6 (Segment's previous Node SDK, still widely installed) behind the driver protocol. Its
 * constructor takes flushAt, flushInterval, retryCount and timeout (index.js lines 24-32); it has a Screen call.
 * An errorHandler is given, as its README advises for servers: without one, a failed background flush is an
 * unhandled rejection that ends the process (index.js lines 299-312).
 */
export const analyticsNodeTarget: DriverTarget = {
  name: 'analytics-node',
  capabilities: ['flushAt', 'flushAfter', 'screen'],
  async create(config, env) {
    const Analytics = await loadAnalyticsNode();
    const sdk = new Analytics(env.writeKey, {
      host: env.endpoint,
      ...(config.flushAt !== undefined ? { flushAt: config.flushAt } : {}),
      ...(config.flushAfterMs !== undefined ? { flushInterval: config.flushAfterMs } : {}),
      ...(config.retries !== undefined ? { retryCount: config.retries } : {}),
      ...(config.timeout !== undefined ? { timeout: config.timeout } : {}),
      errorHandler: (error: unknown) =>
        process.stderr.write(`analytics-node error: ${error instanceof Error ? error.message : String(error)}\n`),
    });
    return callbackSdkClient(sdk, PACKAGE, config.flushAt ?? DEFAULT_FLUSH_AT);
  },
};
