// Real SDKs from npm, written elsewhere, pointed at the mock: every event they send lands accepted.
import test from 'ava';
import { Analytics } from '@segment/analytics-node';
import { createRequire } from 'node:module';
import { startHarness } from '../helpers/harness.js';

const require = createRequire(import.meta.url);
type LegacyAnalytics = {
  track(m: object): void;
  identify(m: object): void;
  page(m: object): void;
  group(m: object): void;
  alias(m: object): void;
  screen?(m: object): void;
  flush(cb: (error?: Error) => void): void;
};
const LegacyAnalyticsClass = require('analytics-node') as new (writeKey: string, options: object) => LegacyAnalytics;

function sendEveryKind(
  client: {
    track(m: object): unknown;
    identify(m: object): unknown;
    page(m: object): unknown;
    group(m: object): unknown;
    alias(m: object): unknown;
  },
  count: number,
): void {
  for (let i = 0; i < count; i++) {
    client.track({ userId: `u${i}`, event: 'Order Completed', properties: { 'total billed': i, emoji: '🎉' } });
    client.identify({ userId: `u${i}`, traits: { email: `u${i}@example.com` } });
    client.page({ anonymousId: `a${i}`, name: 'Home', properties: { path: '/' } });
    client.group({ userId: `u${i}`, groupId: `g${i}`, traits: { name: 'Initech' } });
    client.alias({ previousId: `a${i}`, userId: `u${i}` });
  }
}

test('@segment/analytics-node delivers every event to the mock server', async (t) => {
  const harness = await startHarness(t);
  const analytics = new Analytics({ writeKey: 'sdk-key', host: harness.url, flushAt: 15, flushInterval: 50 });
  sendEveryKind(analytics, 20);
  await analytics.closeAndFlush({ timeout: 20_000 });
  const counts = harness.journal.counts();
  t.is(counts.accepted, 100, JSON.stringify(harness.journal.query({ status: 'rejected', limit: 3 }).events));
  t.is(counts.all, 100);
  const types = new Set(harness.journal.query().events.map((e) => e.event.type));
  t.deepEqual([...types].sort(), ['alias', 'group', 'identify', 'page', 'track']);
  t.is(harness.journal.query({ writeKey: 'sdk-key' }).total, 100);
});

test('legacy analytics-node delivers every event to the mock server', async (t) => {
  const harness = await startHarness(t);
  const analytics = new LegacyAnalyticsClass('legacy-key', { host: harness.url, flushAt: 15, flushInterval: 50 });
  sendEveryKind(analytics, 20);
  await new Promise<void>((resolve, reject) => analytics.flush((error) => (error ? reject(error) : resolve())));
  const counts = harness.journal.counts();
  t.is(counts.accepted, 100, JSON.stringify(harness.journal.query({ status: 'rejected', limit: 3 }).events));
  t.is(harness.journal.query({ writeKey: 'legacy-key', type: 'alias' }).total, 20);
});

test('the SDK retries through injected 503s and nothing is lost or duplicated', async (t) => {
  const harness = await startHarness(t);
  harness.faults.add({ count: 2, status: 503 });
  const analytics = new Analytics({
    writeKey: 'retry-key',
    host: harness.url,
    flushAt: 10,
    flushInterval: 50,
    maxRetries: 5,
  });
  for (let i = 0; i < 10; i++) analytics.track({ userId: 'u', event: `E${i}` });
  await analytics.closeAndFlush({ timeout: 20_000 });
  t.is(harness.journal.counts().accepted, 10);
  t.is(harness.journal.counts().duplicate, 0);
});
