/** Bytes a chunk of COPY data starts with; a row longer than that gets a chunk of its own size. */
const CHUNK_BYTES = 64 * 1024;
/** A CopyData message's header: 'd' and its length (itself included). */
const HEADER_BYTES = 5;

/**
 * Journal rows waiting for their commit, kept as the CopyData messages that carry them (UTF-8, framed). A row is
 * encoded when it is appended, so what waits for the commit lives outside the V8 heap: the row's text dies young
 * instead of surviving a young-generation collection, and nothing is left to encode at commit time, when the
 * commit waits for it. `take()` hands every message over, in order.
 */
export class CopyRows {
  #frames: Buffer[] = [];
  #chunk: Buffer | undefined;
  #offset = 0;
  #rows = 0;

  /** Rows added and not yet taken. */
  get rows(): number {
    return this.#rows;
  }

  /** Appends one row of COPY text (ending in a newline). */
  add(line: string): void {
    const chunk = this.#room(line.length * 3);
    this.#offset += chunk.write(line, this.#offset);
    this.#rows++;
  }

  /**
   * Appends one row whose middle is bytes already encoded as COPY text (UTF-8, nothing to escape): a request's
   * body as the node received it goes as it is, not decoded and encoded again.
   */
  addWithBytes(head: string, bytes: Uint8Array, tail: string): void {
    const chunk = this.#room((head.length + tail.length) * 3 + bytes.byteLength);
    this.#offset += chunk.write(head, this.#offset);
    chunk.set(bytes, this.#offset);
    this.#offset += bytes.byteLength;
    this.#offset += chunk.write(tail, this.#offset);
    this.#rows++;
  }

  /** The current chunk, with room for `most` more bytes (a new chunk when it has not). */
  #room(most: number): Buffer {
    if (this.#chunk === undefined || this.#offset + most > this.#chunk.length) {
      this.#seal();
      this.#chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most + HEADER_BYTES));
      this.#offset = HEADER_BYTES;
    }
    return this.#chunk;
  }

  /** Every row's CopyData messages, oldest first; the rows are taken. */
  take(): Buffer[] {
    this.#seal();
    const frames = this.#frames;
    this.#frames = [];
    this.#rows = 0;
    return frames;
  }

  #seal(): void {
    const chunk = this.#chunk;
    if (chunk === undefined) return;
    const frame = chunk.subarray(0, this.#offset);
    frame[0] = 0x64;
    frame.writeUInt32BE(this.#offset - 1, 1);
    this.#frames.push(frame);
    this.#chunk = undefined;
  }
}
