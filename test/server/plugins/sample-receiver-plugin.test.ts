import test from 'ava';
import { sampleReceiverPlugin, SAMPLE_RECEIVER_PATH } from '../../../src/server/plugins/sample-receiver-plugin.js';
import { signPayload } from '../../../src/domain/signing/index.js';
import { bareServer } from './plugin-test-server.js';

test('the sample receiver accepts a correctly signed delivery, answers 401 to a wrong signature, and lists both', async (t) => {
  const server = bareServer(t);
  await server.register({ plugin: sampleReceiverPlugin, options: { secret: 's3cret', capacity: 2 } });
  const body = JSON.stringify({ version: 1, type: 'track', userId: 'u', event: 'e' });
  const good = await server.inject({
    method: 'POST',
    url: SAMPLE_RECEIVER_PATH,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-signature': signPayload('s3cret', body) },
  });
  t.is(good.statusCode, 200);
  const bad = await server.inject({
    method: 'POST',
    url: SAMPLE_RECEIVER_PATH,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-signature': signPayload('other', body) },
  });
  t.is(bad.statusCode, 401);
  const notJson = await server.inject({
    method: 'POST',
    url: SAMPLE_RECEIVER_PATH,
    payload: 'not json',
    headers: { 'content-type': 'text/plain' },
  });
  t.is(notJson.statusCode, 401);
  const listed = (await server.inject({ method: 'GET', url: SAMPLE_RECEIVER_PATH })).result as {
    total: number;
    received: { signatureValid: boolean; body: unknown }[];
  };
  t.is(listed.total, 2, 'capacity keeps the newest two');
  t.deepEqual(
    listed.received.map((r) => [r.signatureValid, r.body]),
    [
      [false, JSON.parse(body) as unknown],
      [false, 'not json'],
    ],
  );
});
