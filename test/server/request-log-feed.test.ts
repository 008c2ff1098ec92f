import test from 'ava';
import { hapiServerOf } from '../../src/harness/create-harness.js';
import type { ServedCollectionRequest } from '../../src/core/collection/request-log.js';
import { basicAuth, startHarness } from '../helpers/harness.js';

test('a logged answer is stamped when it was decided, not when the socket finished writing it (a client waits from the former)', async (t) => {
  const harness = await startHarness(t);
  const hapi = hapiServerOf(harness);
  if (hapi === undefined) throw new Error('the harness has no Hapi server');
  // A machine too busy to write at once: 300 ms pass between deciding the answer and writing it.
  const STALL_MS = 300;
  hapi.ext('onPreResponse', (_request, h) => {
    const until = Date.now() + STALL_MS;
    while (Date.now() < until) {
      // busy: the process cannot write the answer meanwhile
    }
    return h.continue;
  });
  const served = new Promise<ServedCollectionRequest>((resolve) => {
    const unsubscribe = harness.core.requests.subscribe((_record, request) => {
      unsubscribe();
      resolve(request);
    });
  });
  const response = await fetch(`${harness.url}/v1/track`, {
    method: 'POST',
    headers: { authorization: basicAuth('k'), 'content-type': 'application/json' },
    body: '{"type": "track",',
  });
  t.is(response.status, 400);
  const request = await served;
  t.is(request.status, 400);
  t.true(
    request.respondedAt - request.receivedAt < STALL_MS,
    `respondedAt is ${request.respondedAt - request.receivedAt} ms after receivedAt; the answer was decided before the ${STALL_MS} ms stall`,
  );
});
