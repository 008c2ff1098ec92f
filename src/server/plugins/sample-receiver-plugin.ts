import type { Plugin } from '@hapi/hapi';
import { SampleReceiver, type SampleReceiverOptions } from '../../core/sample-receiver/sample-receiver.js';

export type { SampleReceiverOptions } from '../../core/sample-receiver/sample-receiver.js';

export const SAMPLE_RECEIVER_PATH = '/__harness/sample-receiver';

/**
 * The built-in sample receiver's routes (see SampleReceiver): POST verifies and records a delivery, GET lists
 * them. Given the core's receiver, deliveries it gets in process and over HTTP are one list.
 */
export const sampleReceiverPlugin: Plugin<SampleReceiverOptions & { readonly receiver?: SampleReceiver }> = {
  name: 'event-harness-sample-receiver',
  register(server, options) {
    const receiver = options.receiver ?? new SampleReceiver(options);
    server.route([
      {
        method: 'POST',
        path: SAMPLE_RECEIVER_PATH,
        options: { payload: { parse: false, output: 'data' } },
        handler(request, h) {
          const answer = receiver.receive(request.headers, (request.payload as Buffer | null) ?? Buffer.alloc(0));
          return h.response(answer.body).code(answer.status);
        },
      },
      { method: 'GET', path: SAMPLE_RECEIVER_PATH, handler: () => receiver.list() },
    ]);
  },
};
