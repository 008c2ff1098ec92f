// Journal rows kept as framed CopyData messages: the bytes in order, a row larger than a chunk in one message of
// its own, the length headers right, and a failed commit's rows put back in front of the rows added since.
import test from 'ava';
import { CopyRows } from '../../../src/core/store/copy-rows.js';

/** The rows' text, unframed, checking each message's type and length. */
function unframe(frames: readonly Buffer[]): string {
  let text = '';
  for (const frame of frames) {
    if (frame[0] !== 0x64) throw new Error(`a message of type ${String(frame[0])}, not CopyData`);
    if (frame.readUInt32BE(1) !== frame.length - 1) throw new Error('a CopyData length that is not its size');
    text += frame.subarray(5).toString('utf8');
  }
  return text;
}

test('rows come out in order, in UTF-8, framed; a row larger than a chunk goes whole', (t) => {
  const rows = new CopyRows();
  const big = `${'é'.repeat(70_000)}\n`;
  rows.add('a\t1\n');
  rows.add(big);
  rows.add('b\t€\n');
  t.is(rows.rows, 3);
  const frames = rows.take();
  t.true(frames.length >= 2);
  t.is(unframe(frames), `a\t1\n${big}b\t€\n`);
  t.is(rows.rows, 0);
  t.deepEqual(rows.take(), []);
});
