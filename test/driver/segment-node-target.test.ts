import test from 'ava';
import { UsageError } from '../../src/errors/config-errors.js';
import { loadSegment, segmentNodeTarget } from '../../src/driver/segment-node-target.js';
import { checkSettlesAndRefuses } from './helpers/sdk-target-checks.js';

test('a missing @segment/analytics-node is a usage error that says how to install it', async (t) => {
  const error = await t.throwsAsync(loadSegment('@segment/analytics-node-not-installed'), { instanceOf: UsageError });
  t.regex(error?.message ?? '', /npm install @segment\/analytics-node-not-installed/);
});

test('the installed package loads and names its capabilities', async (t) => {
  const segment = await loadSegment();
  t.is(typeof segment.Analytics, 'function');
  // Only the knobs it takes from its settings (flushAt, flushInterval) and its Screen call: retries, sizes and
  // the integrations map are requirements of the rules, judged for every driver (docs/client-suite.md).
  t.deepEqual([...segmentNodeTarget.capabilities], ['flushAt', 'flushAfter', 'screen']);
});

test('flush and close answer once every call is delivered, through retries; an invalid call is refused; a call after close is refused, not dropped', async (t) => {
  await checkSettlesAndRefuses(t, segmentNodeTarget, 'seg-settle');
});
