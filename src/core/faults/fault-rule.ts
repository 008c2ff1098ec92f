/** What a faulted collection request gets instead of normal handling. */
export interface Fault {
  /** Answer with this status (and a JSON error body) instead of handling the request. */
  readonly status?: number;
  /** Seconds for a Retry-After header (429 by default when set without a status). */
  readonly retryAfter?: number;
  /** Wait this long on the harness clock, then handle (or answer `status`). */
  readonly delayMs?: number;
  /** Destroy the connection without an answer. */
  readonly reset?: boolean;
}

export interface FaultRule extends Fault {
  /** How many requests get the fault; default 1 (when `share` is not given). */
  readonly count?: number;
  /** Instead of the next N: this share (0..1) of matching requests, drawn from the seeded PRNG. */
  readonly share?: number;
  /** Only requests to these routes (e.g. ["batch"]); default every collection route. */
  readonly routes?: readonly string[];
}
