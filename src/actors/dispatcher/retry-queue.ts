interface Entry<T> {
  readonly at: number;
  readonly seq: number;
  readonly item: T;
}

/**
 * Items waiting for a time, earliest first and, at the same time, in the order they were added: a binary
 * min-heap. The dispatcher keeps its retries here behind a single clock timer instead of one timer per
 * retry, so a thousand scheduled retries do not make every fake-clock step scan a thousand timers.
 * Removal is lazy: the owner skips entries it no longer wants when they come up.
 */
export class RetryQueue<T> {
  readonly #heap: Entry<T>[] = [];
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  push(at: number, item: T): void {
    const heap = this.#heap;
    heap.push({ at, seq: this.#seq++, item });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Entry<T>, heap[parent] as Entry<T>)) break;
      [heap[i], heap[parent]] = [heap[parent] as Entry<T>, heap[i] as Entry<T>];
      i = parent;
    }
  }

  /** The earliest entry, left in place. */
  peek(): { readonly at: number; readonly item: T } | undefined {
    return this.#heap[0];
  }

  /** Takes the earliest entry out. */
  pop(): { readonly at: number; readonly item: T } | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && before(heap[left] as Entry<T>, heap[smallest] as Entry<T>)) smallest = left;
      if (right < heap.length && before(heap[right] as Entry<T>, heap[smallest] as Entry<T>)) smallest = right;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest] as Entry<T>, heap[i] as Entry<T>];
      i = smallest;
    }
    return top;
  }

  clear(): void {
    this.#heap.length = 0;
  }
}

function before<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
