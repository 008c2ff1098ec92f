// TLS cases live apart: making RSA keys is CPU-heavy and would stall the loopback timing of other tests.
import test from 'ava';
import { createFakeClock, type FakeClock } from '../../../src/clock/index.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../../src/actors/dispatcher/index.js';
import { startReceiver } from '../../helpers/receiver.js';
import { testCertificates } from '../../helpers/tls.js';

const event = {
  type: 'track',
  userId: 'u1',
  event: 'Order Completed',
  messageId: 'm-1',
  timestamp: '2024-01-01T00:00:00Z',
  properties: { 'total billed': 830, emoji: '😀' },
};

function makeDispatcher(
  t: { teardown(fn: () => void): void },
  options: Partial<WebhookDispatcherOptions> = {},
): { clock: FakeClock; dispatcher: WebhookDispatcher } {
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 1) });
  const dispatcher = new WebhookDispatcher({ clock, seed: 7, ...options });
  t.teardown(() => dispatcher.close());
  return { clock, dispatcher };
}

test('HTTPS with a certificate signed by a CA the config trusts is delivered', async (t) => {
  const certs = testCertificates();
  const receiver = await startReceiver(t, () => ({}), { tls: certs.signed });
  const { dispatcher } = makeDispatcher(t, { ca: [certs.ca.cert] });
  const view = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { sharedSecret: 'k', webhooks: [{ url: receiver.url }] },
    event,
  });
  await dispatcher.settled();
  t.is(dispatcher.get(view?.id ?? '').state, 'delivered');
  t.is(receiver.requests.length, 1);
});

test('a self-signed certificate raises an error, no HTTP request reaches the server, and it is not retried', async (t) => {
  const certs = testCertificates();
  const receiver = await startReceiver(t, () => ({}), { tls: certs.selfSigned });
  const { dispatcher } = makeDispatcher(t, { ca: [certs.ca.cert] });
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'failed');
  t.deepEqual(
    record.attempts.map((a) => a.error),
    ['DEPTH_ZERO_SELF_SIGNED_CERT'],
  );
  t.is(receiver.requests.length, 0);
  t.is(receiver.tls.secureConnections, 0);
});

test('an untrusted CA is a retryable TLS failure that still sends no request', async (t) => {
  const certs = testCertificates();
  const receiver = await startReceiver(t, () => ({}), { tls: certs.signed });
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.settled();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.attempts[0]?.error, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  t.is(record.state, 'pending');
  t.is(receiver.requests.length, 0);
});

test('a certificate chain ending in an untrusted self-signed root is refused too: SELF_SIGNED_CERT_IN_CHAIN, not retried, no request', async (t) => {
  const certs = testCertificates();
  // The server sends its CA along with its leaf; the dispatcher does not trust that CA.
  const receiver = await startReceiver(t, () => ({}), {
    tls: { key: certs.signed.key, cert: `${certs.signed.cert}${certs.ca.cert}` },
  });
  const { dispatcher } = makeDispatcher(t);
  const view = dispatcher.dispatchEvent({ writeKey: 'wk', settings: { webhooks: [{ url: receiver.url }] }, event });
  await dispatcher.runUntilIdle();
  const record = dispatcher.get(view?.id ?? '');
  t.is(record.state, 'failed');
  t.deepEqual(
    record.attempts.map((a) => a.error),
    ['SELF_SIGNED_CERT_IN_CHAIN'],
  );
  t.is(receiver.requests.length, 0);
  t.is(receiver.tls.secureConnections, 0);
});

test('end to end from a config file: tls.ca trusts the test CA, so its HTTPS receiver gets the event; a self-signed one sees zero requests', async (t) => {
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const { loadConfigFile } = await import('../../../src/core/config/index.js');
  const { basicAuth, postJson, startHarness } = await import('../../helpers/harness.js');
  const certs = testCertificates();
  const trusted = await startReceiver(t, () => ({}), { tls: certs.signed });
  const selfSigned = await startReceiver(t, () => ({}), { tls: certs.selfSigned });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-tls-'));
  await writeFile(path.join(dir, 'test-ca.pem'), certs.ca.cert);
  const hooks = (url: string) => ({ Webhooks: { sharedSecret: 'k', webhooks: [{ url }] } });
  await writeFile(
    path.join(dir, 'config.json'),
    JSON.stringify({
      sources: [
        { writeKey: 'trusted', destinations: hooks(trusted.url) },
        { writeKey: 'self-signed', destinations: hooks(selfSigned.url) },
      ],
      tls: { ca: ['test-ca.pem'] },
    }),
  );
  const loaded = await loadConfigFile('config.json', dir);
  const harness = await startHarness(t, {
    clock: 'fake',
    config: loaded.config,
    caCertificates: loaded.caCertificates,
  });
  for (const writeKey of ['trusted', 'self-signed'])
    t.is(
      (
        await postJson(
          `${harness.url}/v1/track`,
          { userId: 'u', event: 'Paid' },
          { authorization: basicAuth(writeKey) },
        )
      ).status,
      200,
    );
  await harness.runUntilIdle();
  const byKey = Object.fromEntries(harness.dispatcher.list().map((d) => [d.writeKey, d]));
  t.is(byKey.trusted?.state, 'delivered');
  t.is(trusted.requests.length, 1);
  t.is(JSON.parse(trusted.requests[0]?.body ?? '{}').event, 'Paid');
  t.is(byKey['self-signed']?.state, 'failed');
  t.deepEqual(
    byKey['self-signed']?.attempts.map((a) => a.error),
    ['DEPTH_ZERO_SELF_SIGNED_CERT'],
  );
  t.is(selfSigned.requests.length, 0);
  t.is(selfSigned.tls.secureConnections, 0);
});
