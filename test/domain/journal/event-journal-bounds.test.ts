import test from 'ava';
import fc from 'fast-check';
import { EventJournal } from '../../../src/domain/journal/index.js';
import { createServiceCore } from '../../../src/core/service-core.js';

const auth = { authorization: `Basic ${Buffer.from('wk:').toString('base64')}` };

test('the byte bound holds under 400 KB requests: the oldest go, counts stay exact, the held ones read back in order', (t) => {
  const core = createServiceCore({ clock: 'fake', config: { journal: { maxBytes: 1_048_576 } } });
  t.teardown(() => core.dispatcher.close());
  for (let i = 0; i < 10; i++) {
    const body = JSON.stringify({
      batch: [{ type: 'track', userId: `u${i}`, event: 'Padded' }],
      pad: 'x'.repeat(400_000),
    });
    t.is(core.collection.handle({ route: 'batch', headers: auth, body }).status, 200);
  }
  t.is(core.journal.counts().all, 10);
  t.true(core.journal.bytes <= 1_048_576, `${core.journal.bytes} characters held`);
  t.is(core.journal.size, 2, 'two 400 KB requests fit in 1 MiB, a third does not');
  t.deepEqual(
    core.journal.query().events.map((e) => e.event.userId),
    ['u8', 'u9'],
  );
});

test('a request text is charged once, however many of its events are held, and released with the last', (t) => {
  const journal = new EventJournal({ capacity: 3, maxBytes: 1_000_000 });
  const origin = { retainedBytes: 1_000, rebuild: (index: number) => ({ type: 'track', index }) };
  for (let i = 0; i < 3; i++)
    journal.record('accepted', 'wk', { type: 'track', userId: 'u' }, undefined, { origin, index: i });
  t.is(journal.bytes, 1_000);
  const other = { retainedBytes: 10, rebuild: () => ({ type: 'track' }) };
  for (let i = 0; i < 3; i++)
    journal.record('accepted', 'wk', { type: 'track', userId: 'u' }, undefined, { origin: other, index: i });
  t.is(journal.bytes, 10, "the first request's text is released with its last entry");
});

test('property: whatever the mix of capacity drops and byte drops, the journal keeps the newest entries in order within both bounds', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 50, max: 400 }),
        fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 60 }),
        (capacity, maxBytes, sizes) => {
          const journal = new EventJournal({ capacity, maxBytes });
          journal.keepOwnText();
          for (const [i, size] of sizes.entries())
            journal.record('accepted', 'wk', { type: 'track', n: i, pad: 'p'.repeat(size) });
          const held = [...journal.entries()].map((e) => e.event.n as number);
          const expectedLast = sizes.length - 1;
          if (sizes.length > 0 && held.at(-1) !== expectedLast) return false;
          if (held.some((n, i) => i > 0 && n !== (held[i - 1] as number) + 1)) return false;
          return (
            held.length <= capacity &&
            (journal.bytes <= maxBytes || held.length === 1) &&
            journal.counts().all === sizes.length
          );
        },
      ),
    ),
  );
});
