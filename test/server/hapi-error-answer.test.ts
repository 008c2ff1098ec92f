import test from 'ava';
import { ADMIN_BODY_LIMIT, hapiErrorAnswer } from '../../src/server/hapi-error-answer.js';

const boom = (statusCode: number, message: string, data?: unknown) => ({
  isBoom: true,
  message,
  data,
  output: { statusCode, payload: { message } },
});
const line = (path: string, routerAnswered = false, contentLength?: string) => ({
  method: 'get',
  path,
  contentLength,
  routerAnswered,
});

test("the router's 404 names the request and where the routes are listed; a handler's own message stays", (t) => {
  t.like(hapiErrorAnswer(boom(404, 'Not Found'), line('/nope', true)), {
    status: 404,
    code: 'NOT_FOUND',
    message:
      'nothing answers GET /nope: the collection API is under /v1, the admin API under /__harness (its routes: GET /__harness/openapi.json)',
  });
  t.like(hapiErrorAnswer(boom(404, 'no such asset "x.js"'), line('/__harness/x.js')), {
    status: 404,
    message: 'no such asset "x.js"',
  });
  const long = hapiErrorAnswer(boom(404, 'Not Found'), line(`/${'a'.repeat(5000)}`, true));
  t.true(long.message.length < 400, 'a long path is clipped');
});

test("the router's 400 is a path that does not decode; a payload error is invalid JSON; __proto__ is named", (t) => {
  t.like(hapiErrorAnswer(boom(400, 'Bad Request'), line('/__harness/runs/%zz', true)), {
    status: 400,
    code: 'BAD_REQUEST',
    message:
      'the path of GET /__harness/runs/%zz does not decode: a % must be followed by two hex digits (send a literal % as %25)',
  });
  t.regex(
    hapiErrorAnswer(boom(400, 'Invalid request payload JSON format'), line('/__harness/faults')).message,
    /^the body is not valid JSON/,
  );
  t.like(
    hapiErrorAnswer(boom(400, 'Bad Request', new Error('Object contains forbidden prototype property')), line('/x')),
    {
      status: 400,
      code: 'INVALID_REQUEST',
    },
  );
});

test("Hapi's 413 is the service's 400 REQUEST_TOO_LARGE with the limit of the API; anything else unexpected is a 500", (t) => {
  t.like(
    hapiErrorAnswer(
      boom(413, 'Payload content length greater than maximum allowed'),
      line('/__harness/faults', false, '2000000'),
    ),
    {
      status: 400,
      code: 'REQUEST_TOO_LARGE',
      message: `the request body is 2000000 bytes; an admin request may be at most ${ADMIN_BODY_LIMIT} bytes (1 MiB)`,
    },
  );
  t.regex(
    hapiErrorAnswer(boom(413, 'too large'), line('/v1/batch')).message,
    /is over the limit; one request may be at most 512000 bytes/,
  );
  t.like(hapiErrorAnswer(new Error('boom'), line('/v1/batch')), {
    status: 500,
    code: 'INTERNAL_ERROR',
    message: 'boom',
  });
  t.like(hapiErrorAnswer(boom(405, 'Method Not Allowed'), line('/x')), { status: 405, code: 'METHOD_NOT_ALLOWED' });
  t.like(hapiErrorAnswer(boom(418, "I'm a teapot"), line('/x')), { status: 418, code: 'HTTP_ERROR' });
});
