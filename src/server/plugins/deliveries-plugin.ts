import type { Plugin } from '@hapi/hapi';
import type { WebhookDispatcher } from '../../actors/dispatcher/webhook-dispatcher.js';
import { InvalidRequestError } from '../../errors/invalid-request-error.js';
import { redactDelivery } from '../redact-delivery.js';

const STATES = new Set(['pending', 'delivered', 'failed', 'expired']);

function count(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 0) throw new InvalidRequestError(`query ${name} must be a whole number >= 0; received ${JSON.stringify(value)}`);
  return n;
}

/** GET /__harness/deliveries[?state=&writeKey=&type=&messageId=&q=&limit=&offset=], GET /__harness/deliveries/{id}, POST .../{id}/redeliver. */
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
          const text = (name: string): string | undefined => {
            const value = request.query[name] as unknown;
            if (value === undefined || value === '') return undefined;
            if (typeof value !== 'string') throw new InvalidRequestError(`query ${name} must be given once; received ${JSON.stringify(value)}`);
            return value;
          };
          // Newest first, as people look for what just happened; only the page is materialised.
          const page = dispatcher.page({
            state: state === undefined || state === '' ? undefined : (state as 'pending'),
            writeKey: text('writeKey'),
            type: text('type'),
            messageId: text('messageId'),
            text: text('q'),
            offset: count(request.query.offset, 'offset', 0),
            limit: count(request.query.limit, 'limit', Number.MAX_SAFE_INTEGER),
          });
          return { total: page.total, deliveries: page.deliveries.map(redactDelivery) };
        },
      },
      { method: 'GET', path: '/__harness/deliveries/{id}', handler: (request) => redactDelivery(dispatcher.get(request.params.id as string)) },
      { method: 'POST', path: '/__harness/deliveries/{id}/redeliver', options: { payload: { failAction: 'ignore' } }, handler: (request) => redactDelivery(dispatcher.redeliver(request.params.id as string)) },
    ]);
  },
};
