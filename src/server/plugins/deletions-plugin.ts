import type { Plugin } from '@hapi/hapi';
import type { DeletionService } from '../../domain/deletions/deletion-service.js';

/** POST /__harness/deletions {"userIds": [...], "writeKeys"?: [...]}. */
export const deletionsPlugin: Plugin<{ deletions: DeletionService }> = {
  name: 'event-harness-deletions',
  register(server, { deletions }) {
    server.route({ method: 'POST', path: '/__harness/deletions', handler: (request) => ({ success: true, notifications: deletions.request(request.payload) }) });
  },
};
