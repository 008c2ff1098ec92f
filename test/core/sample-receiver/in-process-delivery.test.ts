// The embedded default delivers to the server's own sample receiver in process: the same receiver code verifies
// the same bytes and headers, and the dispatcher records the attempt as it records one over HTTP.
import test from 'ava';
import { SAMPLE_SECRET } from '../../../src/harness/create-harness.js';
import { SampleReceiver } from '../../../src/core/sample-receiver/sample-receiver.js';
import { signPayload } from '../../../src/domain/signing/index.js';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';

interface Listed {
  signatureValid: boolean;
  headers: Record<string, string>;
  body: { event?: string };
}

test('a delivery to the server’s own receiver URL skips the socket; one to another URL of it goes over HTTP; both are verified and recorded alike', async (t) => {
  const harness = await startHarness(t, { sampleReceiver: true });
  const ownUrl = `${harness.url}/__harness/sample-receiver`;
  const viaHttp = ownUrl.replace('127.0.0.1', 'localhost');
  harness.sources.put({
    writeKey: 'over-http',
    name: 'over-http',
    destinations: { Webhooks: { sharedSecret: SAMPLE_SECRET, webhooks: [{ url: viaHttp }] } },
  });
  const served: string[] = [];
  harness.server.events.on('response', (request) => served.push(`${request.method} ${request.path}`));

  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'In Process' }, { authorization: basicAuth('k') });
  await postJson(
    `${harness.url}/v1/track`,
    { userId: 'u', event: 'Over HTTP' },
    { authorization: basicAuth('over-http') },
  );
  await harness.settled();

  t.deepEqual(
    served.filter((line) => line.includes('sample-receiver')),
    ['post /__harness/sample-receiver'],
    'only the delivery to the other URL reached the HTTP server',
  );
  const deliveries = harness.dispatcher.list();
  const attemptOf = (event: string) => {
    const delivery = deliveries.find((d) => d.request.body.includes(event));
    return {
      state: delivery?.state,
      attempts: delivery?.attempts.map(({ url, status, error }) => ({ url, status, error })),
    };
  };
  t.deepEqual(attemptOf('In Process'), {
    state: 'delivered',
    attempts: [{ url: ownUrl, status: 200, error: undefined }],
  });
  t.deepEqual(attemptOf('Over HTTP'), {
    state: 'delivered',
    attempts: [{ url: viaHttp, status: 200, error: undefined }],
  });

  const listed = (await getJson(ownUrl)).body.received as Listed[];
  const inProcess = listed.find((r) => r.body.event === 'In Process');
  const overHttp = listed.find((r) => r.body.event === 'Over HTTP');
  t.true(inProcess?.signatureValid);
  t.true(overHttp?.signatureValid);
  // The same headers reach the receiver code either way (Host names the URL each was sent to; the signature and
  // the length are those of each body).
  const withoutHost = (headers: Record<string, string> | undefined) => {
    const { host, 'content-length': _length, 'x-signature': signature, ...rest } = headers ?? {};
    t.regex(signature ?? '', /^[0-9a-f]{40}$/);
    return rest;
  };
  t.deepEqual(withoutHost(inProcess?.headers), withoutHost(overHttp?.headers));
  t.is(inProcess?.headers.host, new URL(ownUrl).host);
  t.is(inProcess?.headers['content-length'], String(Buffer.byteLength(JSON.stringify(inProcess?.body))));
});

test('in process, a wrong signature is refused by the receiver with 401 and the attempt records that answer', async (t) => {
  const receiver = new SampleReceiver({ secret: 'right' });
  receiver.servesAt('http://127.0.0.1:1/__harness/sample-receiver');
  t.true(receiver.accepts('http://127.0.0.1:1/__harness/sample-receiver'));
  t.false(receiver.accepts('http://127.0.0.1:2/__harness/sample-receiver'));
  const body = JSON.stringify({ version: 1, type: 'track', userId: 'u', event: 'e' });
  const send = (secret: string) =>
    receiver.send({
      url: 'http://127.0.0.1:1/__harness/sample-receiver',
      headers: {
        'User-Agent': 'Segment.io/1.0',
        'Content-Type': 'application/json',
        'X-Signature': signPayload(secret, body),
      },
      body,
      timeoutMs: 5_000,
    });
  t.deepEqual(await send('right'), { kind: 'response', status: 200 });
  t.deepEqual(await send('wrong'), {
    kind: 'response',
    status: 401,
    body: '{"received":true,"signatureValid":false}',
  });
  t.deepEqual(
    receiver
      .list()
      .received.map((r) => [r.signatureValid, r.headers['x-signature'] !== undefined, r.headers['user-agent']]),
    [
      [true, true, 'Segment.io/1.0'],
      [false, true, 'Segment.io/1.0'],
    ],
  );
});
