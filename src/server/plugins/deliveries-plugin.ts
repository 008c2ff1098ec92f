import type { Plugin } from '@hapi/hapi';
import type { WebhookDispatcher } from '../../dispatcher/webhook-dispatcher.js';
import { InvalidRequestError } from '../../errors/invalid-request-error.js';

const STATES = new Set(['pending', 'delivered', 'failed', 'expired']);

function count(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 0) throw new InvalidRequestError(`query ${name} must be a whole number >= 0; received ${JSON.stringify(value)}`);
  return n;
}

/** GET /__harness/deliveries[?state=&limit=&offset=], GET /__harness/deliveries/{id}, POST .../{id}/redeliver. */
export const deliveriesPlugin: Plugin<{ dispatcher: WebhookDispatcher }> = {
  name: 'event-harness-deliveries',
  register(server, { dispatcher }) {
    server.route([
      {
        method: 'GET',
        path: '/__harness/deliveries',
        handler(request) {
          const state = request.query.state as unknown;
          if (state !== undefined && state !== '' && !(typeof state === 'string' && STATES.has(state))) {
            throw new InvalidRequestError(`query state must be one of pending, delivered, failed, expired; received ${JSON.stringify(state)}`);
          }
          const all = dispatcher.list(state === undefined || state === '' ? {} : { state: state as 'pending' });
          const offset = count(request.query.offset, 'offset', 0);
          const limit = count(request.query.limit, 'limit', all.length);
          // Newest first, as people look for what just happened.
          const newestFirst = all.reverse();
          return { total: all.length, deliveries: newestFirst.slice(offset, offset + limit) };
        },
      },
      { method: 'GET', path: '/__harness/deliveries/{id}', handler: (request) => dispatcher.get(request.params.id as string) },
      { method: 'POST', path: '/__harness/deliveries/{id}/redeliver', options: { payload: { failAction: 'ignore' } }, handler: (request) => dispatcher.redeliver(request.params.id as string) },
    ]);
  },
};
