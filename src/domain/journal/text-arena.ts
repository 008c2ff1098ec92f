/** Bytes of the largest chunk: about 180 requests of 20 events. */
export const ARENA_CHUNK_BYTES = 1024 * 1024;
/**
 * Bytes of an arena's first chunk; each new one is twice the last, up to ARENA_CHUNK_BYTES. A journal that takes few
 * requests (one of 1,000 runs) holds 16 KiB, not a megabyte: a megabyte per run, for up to 1,000 runs, is memory the
 * allocator keeps resident after the runs are deleted.
 */
export const ARENA_FIRST_CHUNK_BYTES = 16 * 1024;
/** A text larger than this keeps its own buffer: a few of them would fill a chunk. */
export const ARENA_LARGEST_TEXT = ARENA_CHUNK_BYTES / 8;
/** Empty chunks kept for reuse at most (past it they are let go, so a burst's memory goes back). */
const FREE_CHUNKS_KEPT = 16;

/** One reusable block of the arena: texts are appended until it is full, and it is reused once none is held. */
export class ArenaChunk {
  readonly bytes: Uint8Array;
  /** Bytes written so far. */
  used = 0;
  /** Texts in it that are still held. */
  live = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  /** Copies `text` in and returns a view of the copy (the caller checked there is room). */
  append(text: Uint8Array): Uint8Array {
    const start = this.used;
    this.bytes.set(text, start);
    this.used = start + text.byteLength;
    this.live++;
    return this.bytes.subarray(start, this.used);
  }
}

/**
 * Reused memory for the request texts the memory journal holds. Held in a buffer of its own each, a request's
 * text would live as long as the journal held its events (a full default journal: 5,000 requests of 20 events),
 * long enough for V8 to promote every buffer and count its bytes as new memory outside the heap, which starts
 * old-generation collections. Copied into chunks that are reused once none of their texts is held, the request's
 * own buffer dies young and the chunks are allocated once.
 *
 * The journal frees texts in the order it took them, so chunks empty in order. A text someone may still read
 * after the journal lets it go is copied out first (see RequestOrigin.retainText): a chunk is only reused when
 * no one can read what it held.
 */
export class TextArena {
  #current: ArenaChunk | undefined;
  readonly #free: ArenaChunk[] = [];
  #allocated = 0;
  #nextBytes: number;

  /** `firstChunkBytes`: the first chunk's size (default ARENA_FIRST_CHUNK_BYTES); later ones double up to the largest. */
  constructor(options: { readonly firstChunkBytes?: number } = {}) {
    this.#nextBytes = options.firstChunkBytes ?? ARENA_FIRST_CHUNK_BYTES;
  }

  /** A chunk with room for `length` bytes, or undefined for a text too large to share one. */
  roomFor(length: number): ArenaChunk | undefined {
    if (length > ARENA_LARGEST_TEXT) return undefined;
    const current = this.#current;
    if (current !== undefined && current.used + length <= current.bytes.byteLength) return current;
    // The full chunk is left to the texts in it: the last one released returns it (or it is garbage, if none is).
    if (current !== undefined && current.live === 0) this.#recycle(current);
    const next = this.#takeFree(length) ?? this.#newChunk(length);
    this.#current = next;
    return next;
  }

  /** One text in `chunk` is no longer held (nor readable): the chunk is reused once it holds none. */
  release(chunk: ArenaChunk): void {
    chunk.live--;
    if (chunk.live === 0 && chunk !== this.#current) this.#recycle(chunk);
  }

  /** Chunks made since the arena was created (reused ones are not counted again). */
  get allocatedChunks(): number {
    return this.#allocated;
  }

  /** Empty chunks waiting to be reused. */
  get freeChunks(): number {
    return this.#free.length;
  }

  #recycle(chunk: ArenaChunk): void {
    chunk.used = 0;
    if (this.#free.length < FREE_CHUNKS_KEPT) this.#free.push(chunk);
  }

  /** A free chunk with room for `length` (smaller ones, from before the chunks grew, are let go). */
  #takeFree(length: number): ArenaChunk | undefined {
    for (let chunk = this.#free.pop(); chunk !== undefined; chunk = this.#free.pop())
      if (chunk.bytes.byteLength >= length) return chunk;
    return undefined;
  }

  #newChunk(length: number): ArenaChunk {
    this.#allocated++;
    const size = Math.max(this.#nextBytes, length);
    this.#nextBytes = Math.min(ARENA_CHUNK_BYTES, this.#nextBytes * 2);
    return new ArenaChunk(size);
  }
}
