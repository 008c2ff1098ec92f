import type { Clock } from '../../clock/clock.js';

/**
 * The rate limit setting: at most `requestsPerSecond` collection requests in each second of the harness
 * clock (the whole service, as the real limit is per workspace). A request over it is answered 429 with the
 * whole seconds until the next window in Retry-After and X-RateLimit-Reset (see faultAnswer).
 */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #limit: number;
  #window = Number.NaN;
  #count = 0;

  constructor(clock: Clock, requestsPerSecond: number) {
    if (!(Number.isInteger(requestsPerSecond) && requestsPerSecond >= 1))
      throw new RangeError(`requestsPerSecond must be a whole number >= 1; received ${requestsPerSecond}`);
    this.#clock = clock;
    this.#limit = requestsPerSecond;
  }

  get requestsPerSecond(): number {
    return this.#limit;
  }

  /** Counts one request: undefined when it is within the limit, else the seconds to wait. */
  take(): number | undefined {
    const now = this.#clock.now();
    const window = Math.floor(now / 1000);
    if (window !== this.#window) {
      this.#window = window;
      this.#count = 0;
    }
    if (this.#count < this.#limit) {
      this.#count++;
      return undefined;
    }
    return Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
  }

  reset(): void {
    this.#window = Number.NaN;
    this.#count = 0;
  }
}
