// The client suite's mock as a run on a shared server (`check client --server`): its request feed is read by
// polling, so reset() must first hand over every request already answered, or the previous client's last batch
// lands in the next clause run's log (4.3.flush-at then saw "2 events with flushAt 1" from our own client).
import test from 'ava';
import { createHarness } from '../../../src/index.js';
import { startSuiteMock } from '../../../conformance/client/suite-mock.js';

test('on a shared server, reset() resolves only once every request answered before it has reached the subscribers', async (t) => {
  const shared = await createHarness();
  t.teardown(() => shared.stop());
  const mock = await startSuiteMock(1, shared.url);
  t.teardown(() => mock.stop());
  const seen: string[] = [];
  mock.requests.subscribe((_record, served) => seen.push(served.path));
  const authorization = `Basic ${Buffer.from(`${mock.writeKey}:`).toString('base64')}`;
  // The feed polls every 15 ms: twenty rounds make a pass by luck of the poll's timing out of the question.
  for (let round = 0; round < 20; round++) {
    const before = seen.length;
    const answer = await fetch(`${mock.endpoint}/v1/track`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'u1', event: `Round ${round}` }),
    });
    t.is(answer.status, 200);
    await mock.reset();
    t.is(seen.length, before + 1, `round ${round}: the request answered before reset() reached the feed by then`);
  }
});
