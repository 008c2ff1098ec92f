import { createClient } from '../actors/client/create-client.js';
import type { DriverConfig, DriverTarget } from './driver-client.js';

function clientOptions(config: DriverConfig) {
  return {
    ...(config.flushAt !== undefined ? { flushAt: config.flushAt } : {}),
    ...(config.flushAfterMs !== undefined ? { flushAfter: config.flushAfterMs } : {}),
    ...(config.retries !== undefined ? { retries: config.retries } : {}),
    ...(config.timeout !== undefined ? { timeout: config.timeout } : {}),
    ...(config.maxQueueSize !== undefined ? { maxQueueSize: config.maxQueueSize } : {}),
  };
}

/** event-harness/client behind the driver protocol. */
export const referenceTarget: DriverTarget = {
  name: 'event-harness-reference',
  capabilities: [
    'flushAt',
    'flushAfter',
    'maxEventSize',
    'maxBatchSize',
    'retry',
    'retryAfter',
    'integrations',
    'screen',
    'validation',
    'ordering',
  ],
  async create(config, env) {
    const client = createClient(env.writeKey, { endpoint: env.endpoint, ...clientOptions(config) });
    const settled = (result: { delivered: number; failed: readonly { messageId: string }[] }) => ({
      delivered: result.delivered,
      failed: result.failed.map((f) => f.messageId),
    });
    return {
      call(op, message) {
        client[op](message as never);
      },
      flush: async () => settled(await client.flush()),
      close: async () => settled(await client.close()),
    };
  },
};
