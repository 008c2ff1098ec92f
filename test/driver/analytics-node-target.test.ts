import test from 'ava';
import { UsageError } from '../../src/errors/config-errors.js';
import { analyticsNodeTarget, loadAnalyticsNode } from '../../src/driver/analytics-node-target.js';
import { acceptedUserIds, checkSettlesAndRefuses, startTargetClient } from './helpers/sdk-target-checks.js';

test('a missing analytics-node is a usage error that says how to install it', async (t) => {
  const error = await t.throwsAsync(loadAnalyticsNode('analytics-node-not-installed'), { instanceOf: UsageError });
  t.regex(
    error.message,
    /driver --client analytics-node needs the package analytics-node-not-installed.*install it with: npm install analytics-node-not-installed$/,
  );
});

test('it lists the knobs analytics-node 6 takes (flushAt, flushInterval) and its Screen call, nothing the rules require', (t) => {
  t.deepEqual([...analyticsNodeTarget.capabilities], ['flushAt', 'flushAfter', 'screen']);
});

test('flush and close answer once every call is delivered, through retries; an invalid call is refused', async (t) => {
  await checkSettlesAndRefuses(t, analyticsNodeTarget, 'an6-key');
});

test('an ISO 8601 timestamp from the wire reaches the SDK as the Date it requires', async (t) => {
  const { harness, client } = await startTargetClient(t, analyticsNodeTarget, { flushAt: 1 }, 'an6-ts');
  client.call('track', { userId: 'stamped', event: 'Imported', timestamp: '2020-02-03T04:05:06.789Z' });
  await client.flush();
  t.deepEqual(acceptedUserIds(harness, 'an6-ts'), ['stamped']);
  const [entry] = harness.journal.query({ writeKey: 'an6-ts' }).events;
  t.is(entry?.event.originalTimestamp, '2020-02-03T04:05:06.789Z');
});
