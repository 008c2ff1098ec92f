/** Bytes a chunk of COPY data starts with; a row longer than that gets a chunk of its own size. */
const CHUNK_BYTES = 64 * 1024;
/** A CopyData message's header: 'd' and its length (itself included). */
const HEADER_BYTES = 5;

/**
 * Journal rows waiting for their commit, kept as the CopyData messages that carry them (UTF-8, framed). A row is
 * encoded when it is appended, so what waits for the commit lives outside the V8 heap: the row's text dies young
 * instead of surviving a young-generation collection (with the store, the node spent its CPU on such copies and
 * on encoding at commit time; docs/scaling.md). `take()` hands every message over, in order.
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
    const most = line.length * 3;
    if (this.#chunk === undefined || this.#offset + most > this.#chunk.length) {
      this.#seal();
      this.#chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most + HEADER_BYTES));
      this.#offset = HEADER_BYTES;
    }
    this.#offset += this.#chunk.write(line, this.#offset);
    this.#rows++;
  }

  /** Every row's CopyData messages, oldest first; the rows are taken. */
  take(): Buffer[] {
    this.#seal();
    const frames = this.#frames;
    this.#frames = [];
    this.#rows = 0;
    return frames;
  }

  /** Rows taken for a commit that failed, back in front of the rows added since. */
  putBack(frames: readonly Buffer[], rows: number): void {
    this.#seal();
    this.#frames = [...frames, ...this.#frames];
    this.#rows += rows;
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
