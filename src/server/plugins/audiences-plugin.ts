import type { Plugin } from '@hapi/hapi';
import type { AdminOf } from '../run-routing.js';
import { audienceParams, ignoredBody, wireBody } from '../validation/admin-schemas.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

/** GET /__harness/audiences, PUT /__harness/audiences/{name}, POST /__harness/audiences/{name}/sync. */
export const audiencesPlugin: Plugin<{ admin: AdminOf }> = {
  name: 'event-harness-audiences',
  register(server, { admin }) {
    withJoi(server);
    server.route([
      {
        method: 'GET',
        path: '/__harness/audiences',
        options: { description: 'The audiences and whether each is synced' },
        handler: (request) => admin(request).audiences(),
      },
      {
        method: 'PUT',
        path: '/__harness/audiences/{name}',
        options: {
          description: 'Define an audience: exactly one of members or rule',
          validate: validate({ params: audienceParams, payload: wireBody('audience') }),
        },
        handler: (request) => admin(request).defineAudience((request.params as { name: string }).name, request.payload),
      },
      {
        method: 'POST',
        path: '/__harness/audiences/{name}/sync',
        options: {
          description: "Send the audience to its sources' destinations (entered and exited members)",
          payload: { failAction: 'ignore' },
          validate: validate({ params: audienceParams, payload: ignoredBody }),
        },
        handler: (request) => admin(request).syncAudience((request.params as { name: string }).name),
      },
    ]);
  },
};
