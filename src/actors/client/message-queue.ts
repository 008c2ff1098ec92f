import type { QueuedMessage } from './build-message.js';

/** A FIFO with O(1) shift: an array and a head index, compacted now and then instead of Array#shift per message. */
export class MessageQueue {
  #items: QueuedMessage[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(message: QueuedMessage): void {
    this.#items.push(message);
  }

  /** Takes up to `maxCount` messages from the front whose JSON, joined with commas, fits `maxBytes`; always at least one. */
  take(maxCount: number, maxBytes: number): QueuedMessage[] {
    const taken: QueuedMessage[] = [];
    let bytes = 0;
    while (taken.length < maxCount && this.#head < this.#items.length) {
      const next = this.#items[this.#head] as QueuedMessage;
      const added = next.bytes + (taken.length === 0 ? 0 : 1);
      if (taken.length > 0 && bytes + added > maxBytes) break;
      taken.push(next);
      bytes += added;
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return taken;
  }
}
