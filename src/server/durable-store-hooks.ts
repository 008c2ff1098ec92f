import type { Server } from '@hapi/hapi';
import type { DurableState } from '../core/store/durable-state.js';

/**
 * With a durable store (docs/scaling.md): an admin read first applies what other nodes committed (strong reads
 * on any node), and no write is answered before what it wrote is committed (nothing acknowledged is lost; a
 * failed commit, or none within the answer bound, answers 503 STORE_WRITE with Retry-After, so the client
 * sends it again; a catch-up the store cannot answer is 503 STORE_UNAVAILABLE).
 */
export function addDurableStoreHooks(server: Server, durable: DurableState): void {
  server.ext('onPreHandler', async (request, h) => {
    if (request.method === 'get' && (request.path === '/__harness' || request.path.startsWith('/__harness/')))
      await durable.catchUp();
    return h.continue;
  });
  server.ext('onPostHandler', async (request, h) => {
    // The collection door commits what its pipeline wrote itself (collection-door.ts).
    if (request.method !== 'get' && request.method !== 'options' && !request.path.startsWith('/v1/'))
      await durable.committed();
    return h.continue;
  });
}
