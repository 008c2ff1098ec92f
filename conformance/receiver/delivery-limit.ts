/**
 * How many deliveries the suite keeps in flight at once. It starts at the configured concurrency and is
 * halved each time deliveries refused under load turn out to be accepted when sent alone, so a receiver
 * that cannot take concurrent deliveries is still judged on content, one delivery at a time at worst.
 */
export interface DeliveryLimit {
  /** The configured bound (`--concurrency`): 4.1.concurrent sends this many at once. */
  readonly max: number;
  /** The bound in force now (never above `max`, never below 1). */
  readonly current: number;
  /** Halves the bound after a concurrency artifact: a failure under load that did not repeat alone. */
  lower(): void;
}

export function createDeliveryLimit(max: number): DeliveryLimit {
  let current = max;
  return {
    max,
    get current() {
      return current;
    },
    lower() {
      current = Math.max(1, Math.floor(current / 2));
    },
  };
}
