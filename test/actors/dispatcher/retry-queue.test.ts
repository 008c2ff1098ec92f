import { testProp } from '@fast-check/ava';
import fc from 'fast-check';
import { RetryQueue } from '../../../src/actors/dispatcher/retry-queue.js';

testProp(
  'pops earliest first, and in the order added among equal times, whatever the pushes and pops',
  [fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant('pop' as const)), { maxLength: 200 })],
  (t, script) => {
    const queue = new RetryQueue<number>();
    const model: { at: number; n: number }[] = [];
    let n = 0;
    for (const step of script) {
      if (step === 'pop') {
        model.sort((a, b) => a.at - b.at || a.n - b.n);
        const expected = model.shift();
        t.deepEqual(
          queue.pop(),
          expected === undefined ? undefined : { at: expected.at, seq: expected.n, item: expected.n },
        );
      } else {
        queue.push(step, n);
        model.push({ at: step, n });
        n++;
      }
      t.is(queue.size, model.length);
    }
    model.sort((a, b) => a.at - b.at || a.n - b.n);
    t.deepEqual(queue.peek()?.item, model[0]?.n);
  },
  { numRuns: 200 },
);
