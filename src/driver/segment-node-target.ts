import { ClientCallRefusedError, ClientClosedError } from '../errors/client-errors.js';
import { HarnessError } from '../errors/harness-error.js';
import type { DriverTarget } from './driver-client.js';
import { loadOptionalPackage } from './load-optional-package.js';

interface SegmentAnalytics {
  track(message: unknown): void;
  identify(message: unknown): void;
  page(message: unknown): void;
  screen(message: unknown): void;
  group(message: unknown): void;
  alias(message: unknown): void;
  flush(options?: { timeout?: number }): Promise<void>;
  closeAndFlush(options?: { timeout?: number }): Promise<void>;
  on(event: 'error', listener: (error: unknown) => void): void;
}
type SegmentModule = { Analytics: new (settings: Record<string, unknown>) => SegmentAnalytics };

// A variable specifier keeps TypeScript and bundlers from resolving it: the package is optional at run time.
const SEGMENT_PACKAGE = '@segment/analytics-node';

/** Loads @segment/analytics-node, or explains how to install it. */
export async function loadSegment(specifier = SEGMENT_PACKAGE): Promise<SegmentModule> {
  return loadOptionalPackage<SegmentModule>(specifier, 'segment-node');
}

/**
 * @segment/analytics-node behind the driver protocol, to compare a widely used client with the reference. Its
 * settings take flushAt, flushInterval, maxRetries and httpRequestTimeout (dist/cjs/app/analytics-node.js
 * lines 28-38); it has a Screen call. flush() and closeAndFlush() resolve on its 'drained' event, when every
 * call is settled; timeout 0 keeps closeAndFlush from giving up (and abandoning calls) after its default 75 s.
 */
export const segmentNodeTarget: DriverTarget = {
  name: 'segment-analytics-node',
  capabilities: ['flushAt', 'flushAfter', 'screen'],
  async create(config, env) {
    const { Analytics } = await loadSegment();
    const analytics = new Analytics({
      writeKey: env.writeKey,
      host: env.endpoint,
      ...(config.flushAt !== undefined ? { flushAt: config.flushAt } : {}),
      ...(config.flushAfterMs !== undefined ? { flushInterval: config.flushAfterMs } : {}),
      ...(config.retries !== undefined ? { maxRetries: config.retries } : {}),
      ...(config.timeout !== undefined ? { httpRequestTimeout: config.timeout } : {}),
    });
    // Its delivery errors arrive as events; the driver reports them on stderr rather than crash.
    analytics.on('error', (error) =>
      process.stderr.write(`segment-node error: ${error instanceof Error ? error.message : JSON.stringify(error)}\n`),
    );
    // After closeAndFlush the SDK drops a call silently ('call_after_close'): the driver refuses it instead.
    let closed = false;
    return {
      call(op, message) {
        if (closed) throw new ClientClosedError(op);
        try {
          analytics[op](message);
        } catch (error) {
          if (error instanceof HarnessError) throw error;
          throw new ClientCallRefusedError(SEGMENT_PACKAGE, op, error);
        }
      },
      flush: async () => {
        await analytics.flush();
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
