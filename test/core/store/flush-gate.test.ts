import test from 'ava';
import { FlushGate } from '../../../src/core/store/flush-gate.js';
import type { WriteBatch } from '../../../src/core/store/write-queue.js';

// A batch whose commit failed is sent again as it was, under its number (the store skips it if its first commit did
// go through: migrations/009), before what was written after it, which goes in later batches.
test('a failed batch is tried again whole, under the same number, before the writes made after it', async (t) => {
  const tried: { number: number; clockNow: number | undefined }[] = [];
  let failures = 1;
  const gate = new FlushGate(async (batch: WriteBatch) => {
    tried.push({ number: batch.number, clockNow: batch.clockNow });
    if (failures-- > 0) throw new Error('the database did not answer');
  });
  gate.clock(1);
  const first = gate.flushed();
  await t.throwsAsync(first, { message: 'the database did not answer' });
  t.false(gate.committing(60_000), 'a held batch: not committing now');
  gate.clock(2);
  const second = gate.flushed();
  gate.retryNow();
  await second;
  t.deepEqual(tried, [
    { number: 1, clockNow: 1 },
    { number: 1, clockNow: 1 },
    { number: 2, clockNow: 2 },
  ]);
  t.true(gate.committing(60_000));
});
