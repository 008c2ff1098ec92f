import type { Plugin } from '@hapi/hapi';
import type { AdminOf } from '../run-routing.js';
import { wireBody } from '../validation/admin-schemas.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

/** POST /__harness/deletions {"userIds": [...], "writeKeys"?: [...]}. */
export const deletionsPlugin: Plugin<{ admin: AdminOf }> = {
  name: 'event-harness-deletions',
  register(server, { admin }) {
    withJoi(server);
    server.route({
      method: 'POST',
      path: '/__harness/deletions',
      options: {
        description: 'Create a deletion request: a notification to each destination of the sources',
        validate: validate({ payload: wireBody('deletion-request') }),
      },
      handler: (request) => admin(request).requestDeletion(request.payload),
    });
  },
};
