import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { RequestCapture } from '../../core/collection/request-capture.js';
import { CaptureBudget } from '../../core/collection/capture-budget.js';
import type { RunRegistry } from '../../core/runs/run-registry.js';
import type { ServiceCore } from '../../core/service-core.js';
import { runOfRequest } from '../run-routing.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

const capturedQuery = Joi.object({
  after: Joi.number()
    .integer()
    .min(0)
    .empty('')
    .description('The `next` of the previous answer: requests up to it are forgotten (default 0)')
    .messages({ '*': 'must be a whole number >= 0' }),
  limit: Joi.number()
    .integer()
    .min(1)
    .max(10_000)
    .empty('')
    .description('Requests at most (default 500)')
    .messages({ '*': 'must be a whole number from 1 to 10000' }),
});

/** Each run's capture, started by its first read and gone with its core. */
const captures = new WeakMap<ServiceCore, RequestCapture>();

/**
 * GET /__harness/requests/captured (and /__harness/runs/{id}/requests/captured): the run's collection requests
 * with their bodies, for a client suite judging a client from another process (`check client --server`). Capture
 * starts with the first read; each read forgets what the reader acknowledged with `after`.
 */
export const requestCapturePlugin: Plugin<{ runs: RunRegistry }> = {
  name: 'event-harness-request-capture',
  register(server, { runs }) {
    withJoi(server);
    // One bound over the captures of every run: past it the largest (an abandoned one first) drops its oldest.
    const budget = new CaptureBudget();
    runs.onChange(({ kind, run }) => {
      if (kind !== 'deleted') return;
      captures.get(run.core)?.close();
      captures.delete(run.core);
    });
    server.route({
      method: 'GET',
      path: '/__harness/requests/captured',
      options: {
        description:
          'Collection requests with headers and bodies (base64), kept from the first read until acknowledged with after',
        validate: validate({ query: capturedQuery }),
      },
      handler(request) {
        const { core } = runOfRequest(request, runs);
        let capture = captures.get(core);
        if (capture === undefined) {
          capture = new RequestCapture(core.requests, { budget });
          captures.set(core, capture);
        }
        const { after, limit } = request.query as { after?: number; limit?: number };
        return capture.read(after ?? 0, limit ?? 500);
      },
    });
  },
};
