import test from 'ava';
import { UsageError } from '../../src/errors/config-errors.js';
import { customerIoNodeTarget, loadCustomerIo } from '../../src/driver/customerio-node-target.js';
import { acceptedUserIds, checkSettlesAndRefuses, startTargetClient } from './helpers/sdk-target-checks.js';

test('a missing @customerio/cdp-analytics-node is a usage error that says how to install it', async (t) => {
  const error = await t.throwsAsync(loadCustomerIo('@customerio/not-installed'), { instanceOf: UsageError });
  t.regex(
    error.message,
    /driver --client customerio-node needs the package @customerio\/not-installed.*install it with: npm install @customerio\/not-installed$/,
  );
});

test('it lists the knobs cdp-analytics-node takes (maxEventsInBatch, flushInterval) and its Screen call, nothing the rules require', (t) => {
  t.deepEqual([...customerIoNodeTarget.capabilities], ['flushAt', 'flushAfter', 'screen']);
});

test('flush and close answer once every call is delivered, through retries; an invalid call is refused', async (t) => {
  await checkSettlesAndRefuses(t, customerIoNodeTarget, 'cio-key');
});

test('the client keeps taking calls after a flush (which closes the SDK instance and starts another)', async (t) => {
  const { harness, client } = await startTargetClient(
    t,
    customerIoNodeTarget,
    { flushAt: 10, flushAfterMs: 60_000 },
    'cio-again',
  );
  client.call('identify', { userId: 'first' });
  await client.flush();
  client.call('identify', { userId: 'second' });
  await client.flush();
  t.deepEqual(acceptedUserIds(harness, 'cio-again'), ['first', 'second']);
});
