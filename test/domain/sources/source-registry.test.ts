import test from 'ava';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import { createServiceCore } from '../../../src/core/service-core.js';

test('zero-config sources are bounded: past the capacity the least recently used one is forgotten and counted', (t) => {
  const registry = new SourceRegistry({ zeroConfigCapacity: 3 });
  const evicted: string[] = [];
  registry.onEvicted((key) => evicted.push(key));
  for (const key of ['a', 'b', 'c']) registry.resolve(key);
  registry.resolve('a');
  registry.resolve('d');
  t.deepEqual(evicted, ['b']);
  t.deepEqual(registry.writeKeys(), ['c', 'a', 'd']);
  t.is(registry.evicted, 1);
  t.truthy(registry.resolve('b'), 'a forgotten key creates its source again');
  t.deepEqual(evicted, ['b', 'c']);
  registry.resetZeroConfig();
  t.deepEqual([registry.writeKeys().length, registry.evicted], [0, 0]);
  t.throws(() => new SourceRegistry({ zeroConfigCapacity: 0 }), { message: /positive integer; received 0/ });
});

test('configured sources are never evicted; unknown keys create nothing', (t) => {
  const registry = new SourceRegistry({ sources: [{ writeKey: 'x' }, { writeKey: 'y' }], zeroConfigCapacity: 1 });
  t.is(registry.resolve('z'), undefined);
  t.truthy(registry.resolve('x'));
  t.deepEqual([registry.writeKeys(), registry.evicted], [['x', 'y'], 0]);
});

test('the default holds 10,000 under 25,000 distinct write keys, and the dedup memory of an evicted key goes with it', (t) => {
  const core = createServiceCore({ clock: 'fake' });
  const send = (writeKey: string, messageId: string) =>
    core.collection.handle({
      route: 'track',
      headers: { authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}` },
      body: JSON.stringify({ userId: 'u', event: 'e', messageId }),
    });
  t.is(send('first', 'm-1').status, 200);
  for (let i = 0; i < 25_000; i++) send(`key-${i}`, 'm');
  t.is(core.sources.list().length, 10_000);
  t.is(core.sources.evicted, 15_001);
  t.is(send('first', 'm-1').status, 200);
  t.is(
    core.journal
      .query({ writeKey: 'first' })
      .events.map((e) => e.status)
      .join(),
    'accepted,accepted',
    'its dedup memory went with it (documented)',
  );
  core.dispatcher.close();
});
