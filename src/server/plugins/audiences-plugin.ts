import type { Plugin } from '@hapi/hapi';
import type { AudienceService } from '../../audiences/audience-service.js';

/** GET /__harness/audiences, PUT /__harness/audiences/{name}, POST /__harness/audiences/{name}/sync. */
export const audiencesPlugin: Plugin<{ audiences: AudienceService }> = {
  name: 'event-harness-audiences',
  register(server, { audiences }) {
    server.route([
      { method: 'GET', path: '/__harness/audiences', handler: () => ({ audiences: audiences.list() }) },
      { method: 'PUT', path: '/__harness/audiences/{name}', handler: (request) => ({ success: true, audience: audiences.define(request.params.name as string, request.payload) }) },
      { method: 'POST', path: '/__harness/audiences/{name}/sync', options: { payload: { failAction: 'ignore' } }, handler: (request) => audiences.sync(request.params.name as string) },
    ]);
  },
};
