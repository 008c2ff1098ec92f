import { ClientCallRefusedError, ClientClosedError } from '../errors/client-errors.js';
import { HarnessError } from '../errors/harness-error.js';
import type { MessageType } from '../actors/client/message-input.js';
import type { DriverTarget } from './driver-client.js';
import { loadOptionalPackage } from './load-optional-package.js';

interface CustomerIoAnalytics extends Record<MessageType, (message: unknown) => void> {
  closeAndFlush(options?: { timeout?: number }): Promise<void>;
  on(event: 'error', listener: (error: unknown) => void): void;
}
type CustomerIoModule = { Analytics: new (settings: Record<string, unknown>) => CustomerIoAnalytics };

// A variable specifier keeps TypeScript and bundlers from resolving it: the package is optional at run time.
const PACKAGE = '@customerio/cdp-analytics-node';

/** Loads @customerio/cdp-analytics-node, or explains how to install it. */
export async function loadCustomerIo(specifier = PACKAGE): Promise<CustomerIoModule> {
  return loadOptionalPackage<CustomerIoModule>(specifier, 'customerio-node');
}

/**
 * @customerio/cdp-analytics-node (a fork of @segment/analytics-node 1.x) behind the driver protocol. Its
 * settings take maxEventsInBatch, flushInterval, maxRetries and httpRequestTimeout (dist/cjs/app/analytics-node.js
 * lines 21-29). It has no flush(): closeAndFlush() is its only way to send what is queued and learn that every
 * call settled (it resolves on the 'drained' event). So the driver's flush closes the client and starts an
 * identical one; timeout 0 makes closeAndFlush wait for 'drained' instead of giving up after 1.25 flush intervals.
 */
export const customerIoNodeTarget: DriverTarget = {
  name: 'customerio-node',
  capabilities: ['flushAt', 'flushAfter', 'screen'],
  async create(config, env) {
    const { Analytics } = await loadCustomerIo();
    const settings = {
      writeKey: env.writeKey,
      host: env.endpoint,
      ...(config.flushAt !== undefined ? { maxEventsInBatch: config.flushAt } : {}),
      ...(config.flushAfterMs !== undefined ? { flushInterval: config.flushAfterMs } : {}),
      ...(config.retries !== undefined ? { maxRetries: config.retries } : {}),
      ...(config.timeout !== undefined ? { httpRequestTimeout: config.timeout } : {}),
    };
    const start = () => {
      const analytics = new Analytics(settings);
      // Its delivery errors arrive as events; the driver reports them on stderr rather than crash.
      analytics.on('error', (error) =>
        process.stderr.write(
          `customerio-node error: ${error instanceof Error ? error.message : JSON.stringify(error)}\n`,
        ),
      );
      return analytics;
    };
    let analytics = start();
    let closed = false;
    return {
      call(op, message) {
        if (closed) throw new ClientClosedError(op);
        try {
          analytics[op](message);
        } catch (error) {
          if (error instanceof HarnessError) throw error;
          throw new ClientCallRefusedError(PACKAGE, op, error);
        }
      },
      flush: async () => {
        const settling = analytics;
        analytics = start();
        await settling.closeAndFlush({ timeout: 0 });
        return {};
      },
      close: async () => {
        closed = true;
        await analytics.closeAndFlush({ timeout: 0 });
        return {};
      },
    };
  },
};
