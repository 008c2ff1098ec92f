import test from 'ava';
import { UsageError } from '../../src/errors/config-errors.js';
import { loadRudderstack, rudderstackNodeTarget } from '../../src/driver/rudderstack-node-target.js';
import { checkSettlesAndRefuses } from './helpers/sdk-target-checks.js';

test('a missing @rudderstack/rudder-sdk-node is a usage error that says how to install it', async (t) => {
  const error = await t.throwsAsync(loadRudderstack('@rudderstack/not-installed'), { instanceOf: UsageError });
  t.regex(
    error.message,
    /driver --client rudderstack-node needs the package @rudderstack\/not-installed.*install it with: npm install @rudderstack\/not-installed$/,
  );
});

test('it lists the knobs rudder-sdk-node takes, its Screen call and its gzip bodies, nothing the rules require', (t) => {
  t.deepEqual([...rudderstackNodeTarget.capabilities], ['flushAt', 'flushAfter', 'screen', 'gzip']);
});

test('flush and close answer once every call is delivered, through retries; an invalid call is refused', async (t) => {
  await checkSettlesAndRefuses(t, rudderstackNodeTarget, 'rudder-key');
});
