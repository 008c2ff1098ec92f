import test from 'ava';
import {
  ARENA_CHUNK_BYTES,
  ARENA_FIRST_CHUNK_BYTES,
  ARENA_LARGEST_TEXT,
  TextArena,
} from '../../../src/domain/journal/text-arena.js';

const textOf = (length: number, fill: number) => new Uint8Array(length).fill(fill);

test('texts share a chunk until it is full; a text too large to share one gets none', (t) => {
  const arena = new TextArena({ firstChunkBytes: ARENA_CHUNK_BYTES });
  const first = arena.roomFor(1000);
  if (first === undefined) return t.fail('no room for a small text');
  const view = first.append(textOf(1000, 1));
  t.is(arena.roomFor(1000), first, 'the same chunk while it has room');
  t.deepEqual([...view.subarray(0, 3)], [1, 1, 1]);
  t.is(arena.roomFor(ARENA_LARGEST_TEXT + 1), undefined);
  while (first.used + ARENA_LARGEST_TEXT <= ARENA_CHUNK_BYTES) first.append(textOf(ARENA_LARGEST_TEXT, 2));
  t.not(arena.roomFor(ARENA_LARGEST_TEXT), first, 'a new chunk once the text does not fit');
  t.is(arena.allocatedChunks, 2);
});

test('a full chunk is reused once every text in it is released, and not before', (t) => {
  const arena = new TextArena({ firstChunkBytes: ARENA_CHUNK_BYTES });
  const fill = () => {
    const chunk = arena.roomFor(ARENA_LARGEST_TEXT);
    if (chunk === undefined) throw new Error('no room');
    chunk.append(textOf(ARENA_LARGEST_TEXT, 3));
    return chunk;
  };
  const perChunk = ARENA_CHUNK_BYTES / ARENA_LARGEST_TEXT;
  const first = fill();
  for (let i = 1; i < perChunk; i++) t.is(fill(), first);
  const second = fill();
  t.not(second, first);
  for (let i = 0; i < perChunk - 1; i++) arena.release(first);
  t.is(arena.freeChunks, 0, 'one text of the first chunk is still held');
  arena.release(first);
  t.is(arena.freeChunks, 1);
  for (let i = 1; i < perChunk; i++) fill();
  t.is(fill(), first, 'the emptied chunk is the next one written');
  t.is(arena.allocatedChunks, 2);
});

test('the current chunk is not reused under the texts written after its last release', (t) => {
  const arena = new TextArena({ firstChunkBytes: ARENA_CHUNK_BYTES });
  const chunk = arena.roomFor(10);
  if (chunk === undefined) return t.fail('no room');
  chunk.append(textOf(10, 4));
  arena.release(chunk);
  t.is(arena.freeChunks, 0, 'still the chunk being written');
  const next = arena.roomFor(10);
  t.is(next, chunk);
  const view = next?.append(textOf(10, 5));
  t.deepEqual(
    [...(view ?? [])],
    Array.from({ length: 10 }, () => 5),
    'appended after what was there, not over it',
  );
  t.is(chunk.used, 20);
});

test('empty chunks kept for reuse are bounded, so memory goes back after a burst', (t) => {
  const arena = new TextArena({ firstChunkBytes: ARENA_CHUNK_BYTES });
  const chunks = [];
  for (let i = 0; i < 40; i++) {
    const chunk = arena.roomFor(ARENA_CHUNK_BYTES / 8);
    if (chunk === undefined) return t.fail('no room');
    chunk.append(textOf(ARENA_CHUNK_BYTES / 8, 6));
    chunks.push(chunk);
  }
  for (const chunk of chunks) arena.release(chunk);
  t.is(arena.allocatedChunks, 5);
  const many = new TextArena({ firstChunkBytes: ARENA_CHUNK_BYTES });
  const held = [];
  for (let i = 0; i < 40 * 8; i++) {
    const chunk = many.roomFor(ARENA_LARGEST_TEXT);
    if (chunk === undefined) return t.fail('no room');
    chunk.append(textOf(ARENA_LARGEST_TEXT, 7));
    held.push(chunk);
  }
  t.is(many.allocatedChunks, 40);
  for (const chunk of held) many.release(chunk);
  t.is(many.freeChunks, 16, 'at most 16 empty chunks are kept');
});

test('an arena starts with a small chunk and doubles each new one up to the largest: a journal that takes little holds little', (t) => {
  const arena = new TextArena();
  const sizes: number[] = [];
  for (let i = 0; i < 9; i++) {
    const chunk = arena.roomFor(ARENA_FIRST_CHUNK_BYTES);
    if (chunk === undefined) return t.fail('no room');
    if (sizes.at(-1) !== chunk.bytes.byteLength || chunk.used === 0) sizes.push(chunk.bytes.byteLength);
    chunk.append(textOf(chunk.bytes.byteLength - chunk.used, 8));
  }
  t.deepEqual(
    sizes,
    [16, 32, 64, 128, 256, 512, 1024, 1024, 1024].map((k) => k * 1024),
  );
  const large = new TextArena();
  t.is(large.roomFor(ARENA_LARGEST_TEXT)?.bytes.byteLength, ARENA_LARGEST_TEXT, 'a first text larger than 16 KiB fits');
});
