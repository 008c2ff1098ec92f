import type { ExecutionContext } from 'ava';
import type { DriverClient, DriverConfig, DriverTarget } from '../../../src/driver/driver-client.js';
import type { Harness } from '../../../src/harness/create-harness.js';
import { startHarness } from '../../helpers/harness.js';

/** A real harness on loopback and a client of `target` pointed at it with its own write key. */
export async function startTargetClient(
  t: ExecutionContext,
  target: DriverTarget,
  config: DriverConfig,
  writeKey: string,
): Promise<{ harness: Harness; client: DriverClient }> {
  const harness = await startHarness(t);
  const client = await target.create(config, { endpoint: harness.url, writeKey });
  // A test that fails half way still lets the SDK settle, so no timer of it outlives the test.
  t.teardown(() =>
    client.close().then(
      () => undefined,
      () => undefined,
    ),
  );
  return { harness, client };
}

/** Accepted events of this write key, by userId, as the mock journaled them. */
export function acceptedUserIds(harness: Harness, writeKey: string): string[] {
  return harness.journal
    .query({ writeKey, status: 'accepted', limit: 1_000 })
    .events.map((e) => String(e.event.userId));
}

/**
 * The checks every SDK driver must pass against the real SDK: flush sends more than flushAt calls and answers
 * only once every call is delivered, through retried 503s; an invalid call is refused; close settles too.
 */
export async function checkSettlesAndRefuses(
  t: ExecutionContext,
  target: DriverTarget,
  writeKey: string,
): Promise<void> {
  const { harness, client } = await startTargetClient(t, target, { flushAt: 2, flushAfterMs: 60_000 }, writeKey);
  // Every request answered 503 twice first: flush must wait for the retries, not for the first answer.
  harness.faults.add({ count: 2, status: 503 });
  for (let i = 0; i < 5; i++) client.call('track', { userId: `u${i}`, event: `E${i}` });
  await client.flush();
  t.deepEqual(
    acceptedUserIds(harness, writeKey).sort(),
    ['u0', 'u1', 'u2', 'u3', 'u4'],
    'flush answered before every call was delivered',
  );
  t.throws(() => client.call('track', { userId: 'no-event' }), { message: /refused track\(\)/ });
  client.call('identify', { userId: 'after-flush' });
  await client.close();
  t.true(
    acceptedUserIds(harness, writeKey).includes('after-flush'),
    'close answered before the queued call was delivered',
  );
  t.throws(() => client.call('identify', { userId: 'late' }), { message: /after close/ });
}
