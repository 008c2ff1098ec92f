import Hapi from '@hapi/hapi';
import Joi from 'joi';
import type { ExecutionContext } from 'ava';
import { HarnessError } from '../../../src/errors/harness-error.js';

/** A bare Hapi server (no socket) with joi as its validator that renders HarnessErrors as {success:false, code, message}, as the real edge does. */
export function bareServer(t: ExecutionContext): Hapi.Server {
  const server = Hapi.server();
  server.validator(Joi);
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (response instanceof HarnessError)
      return h.response({ success: false, code: response.code, message: response.message }).code(400);
    return h.continue;
  });
  t.teardown(() => server.stop());
  return server;
}
