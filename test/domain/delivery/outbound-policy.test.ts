import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { isNonPublicAddress, publicOnlyLookup } from '../../../src/domain/delivery/outbound-policy.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { startReceiver } from '../../helpers/receiver.js';

test('private, loopback, link-local and reserved addresses are not public; public ones are', (t) => {
  for (const address of [
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '[::1]',
  ]) {
    t.true(isNonPublicAddress(address), address);
  }
  for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
    t.false(isNonPublicAddress(address), address);
});

test('the lookup refuses a name that resolves to loopback, after DNS', async (t) => {
  const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
    publicOnlyLookup('localhost', {}, (e) => resolve(e)),
  );
  t.is(error?.code, 'TARGET_ADDRESS_REFUSED');
  t.regex(String(error?.message), /localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
});

test('with blockPrivateTargets a loopback target (literal or by name) fails at once, unretried, and gets no request; off by default', async (t) => {
  const receiver = await startReceiver(t);
  const port = new URL(receiver.url).port;
  const strict = new WebhookDispatcher({ clock: createFakeClock(), blockPrivateTargets: true });
  t.teardown(() => strict.close());
  const viaLiteral = strict.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: receiver.url }] },
    event: { type: 'track', userId: 'u', event: 'e' },
  });
  const viaName = strict.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: `http://localhost:${port}/hook` }] },
    event: { type: 'track', userId: 'u', event: 'e' },
  });
  await strict.runUntilIdle();
  for (const view of [viaLiteral, viaName]) {
    const record = strict.get(view?.id ?? '');
    t.is(record.state, 'failed');
    t.deepEqual(
      record.attempts.map((a) => a.error),
      ['TARGET_ADDRESS_REFUSED'],
    );
  }
  t.is(receiver.requests.length, 0);

  const open = new WebhookDispatcher({ clock: createFakeClock() });
  t.teardown(() => open.close());
  open.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: receiver.url }] },
    event: { type: 'track', userId: 'u', event: 'e' },
  });
  await open.settled();
  t.is(receiver.requests.length, 1, 'the default lets loopback through (the sample receiver, tests)');
});
