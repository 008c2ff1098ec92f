/** What the captures of one server hold unread together at most (characters): 256 Mi. */
export const DEFAULT_SERVER_CAPTURE_BYTES = 256 * 1024 * 1024;

/** A capture the budget can trim: what it holds, and dropping its oldest unread request (counted by it). */
export interface TrimmableCapture {
  readonly bytes: number;
  /** Drops the oldest held request without charging the budget (the budget counts it); false when it holds none. */
  dropOldest(): boolean;
}

/**
 * One bound over every run's request capture: each is bounded alone (64 MiB), and 1,000 runs whose captures
 * were started and never read again would hold 64 GiB. Past this total the capture holding the most drops its
 * oldest unread requests (each counted in its next page's `dropped`), so an abandoned capture goes first and
 * one that is read steadily keeps what it needs.
 */
export class CaptureBudget {
  readonly maxBytes: number;
  #bytes = 0;
  readonly #captures = new Set<TrimmableCapture>();

  constructor(maxBytes = DEFAULT_SERVER_CAPTURE_BYTES) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  join(capture: TrimmableCapture): void {
    this.#captures.add(capture);
  }

  /** A capture that is gone (its run deleted): what it held no longer counts. */
  leave(capture: TrimmableCapture): void {
    if (this.#captures.delete(capture)) this.#bytes -= capture.bytes;
  }

  /** A member's held text changed by `delta`; past the bound the largest member drops its oldest until it fits. */
  charge(delta: number): void {
    this.#bytes += delta;
    while (this.#bytes > this.maxBytes) {
      let largest: TrimmableCapture | undefined;
      for (const capture of this.#captures)
        if (largest === undefined || capture.bytes > largest.bytes) largest = capture;
      const before = largest?.bytes ?? 0;
      if (largest === undefined || !largest.dropOldest()) return;
      this.#bytes -= before - largest.bytes;
    }
  }
}
