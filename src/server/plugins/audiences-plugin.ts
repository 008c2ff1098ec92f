import type { Plugin } from '@hapi/hapi';
import type { AudienceService } from '../../domain/audiences/audience-service.js';
import { InvalidRequestError } from '../../errors/invalid-request-error.js';

/** The schema says "exactly one of members or rule"; its oneOf messages do not, so the route says it first. */
function checkMembership(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const has = (key: string) => Object.hasOwn(body, key);
  if (has('members') === has('rule')) {
    throw new InvalidRequestError(`an audience needs exactly one of members (a list of user ids) or rule (computed over the journal); received ${has('members') ? 'both' : 'neither'}`);
  }
}

/** GET /__harness/audiences, PUT /__harness/audiences/{name}, POST /__harness/audiences/{name}/sync. */
export const audiencesPlugin: Plugin<{ audiences: AudienceService }> = {
  name: 'event-harness-audiences',
  register(server, { audiences }) {
    server.route([
      { method: 'GET', path: '/__harness/audiences', handler: () => ({ audiences: audiences.list() }) },
      { method: 'PUT', path: '/__harness/audiences/{name}', handler: (request) => {
        checkMembership(request.payload);
        return { success: true, audience: audiences.define(request.params.name as string, request.payload) };
      } },
      { method: 'POST', path: '/__harness/audiences/{name}/sync', options: { payload: { failAction: 'ignore' } }, handler: (request) => audiences.sync(request.params.name as string) },
    ]);
  },
};
