import { Readable } from 'node:stream';
import type { Plugin } from '@hapi/hapi';
import type { AdminOf } from '../run-routing.js';

/**
 * GET /__harness/export: the journal and the deliveries as NDJSON, for `serve --import` to load again. Like
 * every admin answer it never holds a static header value or a URL password (shown redacted, as in
 * GET /__harness/deliveries); the event bodies and signatures are exact.
 */
export const exportPlugin: Plugin<{ admin: AdminOf }> = {
  name: 'event-harness-export',
  register(server, { admin }) {
    server.route({
      method: 'GET',
      path: '/__harness/export',
      options: {
        description:
          'The journal and the deliveries as NDJSON (a header line, then one line per event and per delivery)',
      },
      handler(request, h) {
        const stamp = new Date()
          .toISOString()
          .replaceAll(':', '-')
          .replace(/\.\d{3}Z$/, 'Z');
        return h
          .response(Readable.from(admin(request).exportLines(), { objectMode: false }))
          .type('application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-harness-${stamp}.ndjson"`);
      },
    });
  },
};
