import type { Plugin } from '@hapi/hapi';
import type { AdminOf } from '../run-routing.js';
import type { DeliveryPageQuery } from '../../actors/dispatcher/webhook-dispatcher.js';
import { deliveriesQuery, deliveryParams, ignoredBody } from '../validation/admin-schemas.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

/** GET /__harness/deliveries[?state=&writeKey=&type=&messageId=&q=&limit=&offset=], GET /__harness/deliveries/{id}, POST .../{id}/redeliver. */
export const deliveriesPlugin: Plugin<{ admin: AdminOf }> = {
  name: 'event-harness-deliveries',
  register(server, { admin }) {
    withJoi(server);
    server.route([
      {
        method: 'GET',
        path: '/__harness/deliveries',
        options: {
          description: 'Webhook deliveries with every attempt, newest first',
          validate: validate({ query: deliveriesQuery }),
        },
        handler(request) {
          const { q, ...query } = request.query as Omit<DeliveryPageQuery, 'text'> & { q?: string };
          return admin(request).deliveries({
            ...query,
            ...(q !== undefined ? { text: q } : {}),
            offset: query.offset ?? 0,
            limit: query.limit ?? Number.MAX_SAFE_INTEGER,
          });
        },
      },
      {
        method: 'GET',
        path: '/__harness/deliveries/{id}',
        options: { description: 'One delivery with every attempt', validate: validate({ params: deliveryParams }) },
        handler: (request) => admin(request).delivery((request.params as { id: string }).id),
      },
      {
        method: 'POST',
        path: '/__harness/deliveries/{id}/redeliver',
        // Any body, even one that is not JSON: the route reads nothing from it.
        options: {
          description: 'Send a delivery again as a new delivery',
          payload: { failAction: 'ignore' },
          validate: validate({ params: deliveryParams, payload: ignoredBody }),
        },
        handler: (request) => admin(request).redeliver((request.params as { id: string }).id),
      },
    ]);
  },
};
