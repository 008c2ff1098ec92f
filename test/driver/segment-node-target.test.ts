import test from 'ava';
import { UsageError } from '../../src/errors/usage-error.js';
import { loadSegment, segmentNodeTarget } from '../../src/driver/segment-node-target.js';

test('a missing @segment/analytics-node is a usage error that says how to install it', async (t) => {
  const error = await t.throwsAsync(loadSegment('@segment/analytics-node-not-installed'), { instanceOf: UsageError });
  t.regex(error?.message ?? '', /npm install @segment\/analytics-node-not-installed/);
});

test('the installed package loads and names its capabilities', async (t) => {
  const segment = await loadSegment();
  t.is(typeof segment.Analytics, 'function');
  // What @segment/analytics-node 3.1 has code for (a 32 KB event and a 480 KB batch check, Retry-After); the
  // client suite judges whether it works (docs/client-suite.md).
  t.deepEqual([...segmentNodeTarget.capabilities], ['flushAt', 'flushAfter', 'maxEventSize', 'maxBatchSize', 'retry', 'retryAfter', 'integrations', 'screen']);
});
