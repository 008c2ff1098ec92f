import test from 'ava';
import { createSystemClock } from '../../../src/clock/index.js';
import { createHttpTransport } from '../../../src/domain/delivery/index.js';
import { startReceiver } from '../../helpers/receiver.js';

test('POSTs the exact body with the given headers and Content-Length; query and basic auth in the URL are kept; bad URLs are an error', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 429, headers: { 'retry-after': '3' } }));
  const transport = createHttpTransport({ clock: createSystemClock() });
  t.teardown(() => transport.close());
  const url = `${receiver.url.replace('http://', 'http://user:p%40ss@')}?a=1`;
  const body = '{"x":"é"}';
  const outcome = await transport({
    url,
    headers: { 'Content-Type': 'application/json', 'X-Test': 'yes' },
    body,
    timeoutMs: 5_000,
  });
  t.deepEqual(outcome, { kind: 'response', status: 429, retryAfter: '3' });
  const [request] = receiver.requests;
  t.is(request?.method, 'POST');
  t.is(request?.path, '/hook?a=1');
  t.is(request?.body, body);
  t.is(request?.headers['content-length'], String(Buffer.byteLength(body)));
  t.is(request?.headers['x-test'], 'yes');
  t.is(request?.headers.authorization, `Basic ${Buffer.from('user:p@ss').toString('base64')}`);
  t.is(request?.headers.host, new URL(receiver.url).host);
  // A Content-Length from the caller is replaced by the one of the body sent; a caller's Host wins over the URL's.
  await transport({
    url: receiver.url,
    headers: { 'content-LENGTH': '1', Host: 'example.test' },
    body,
    timeoutMs: 5_000,
  });
  const second = receiver.requests[1];
  t.is(second?.body, body);
  t.is(second?.headers['content-length'], String(Buffer.byteLength(body)));
  t.is(second?.headers.host, 'example.test');
  t.is(second?.headers.authorization, undefined);
  t.deepEqual(await transport({ url: 'not a url', headers: {}, body, timeoutMs: 5_000 }), {
    kind: 'error',
    code: 'ERR_INVALID_URL',
  });
});
