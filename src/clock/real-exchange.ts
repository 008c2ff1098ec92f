import type { Clock, ClockHold } from './clock.js';

export interface RealExchangeOptions<T> {
  /** The harness clock: where the exchange starts, and where a timeout lands. */
  readonly clock: Clock;
  /** Real time, which alone decides a timeout. */
  readonly realClock: Clock;
  /** The hold of the work this exchange is part of: it keeps virtual time from passing the exchange's deadline. */
  readonly hold: ClockHold;
  readonly timeoutMs: number;
  /** An answer that itself says "no answer in time" (a transport's own timeout): it lands at the deadline too. */
  readonly isTimeout?: (value: T) => boolean;
}

export type RealExchangeResult<T> =
  | { readonly timedOut: false; readonly value: T }
  | { readonly timedOut: true; readonly value: T | undefined };

/**
 * One exchange over real I/O (a webhook attempt, a client's request), under the one rule of virtual time and real
 * I/O (docs/rules.md, "Virtual time"): it times out only when no answer came within `timeoutMs` of real time, and
 * while it may still be answered its hold keeps virtual time from moving. A timeout is then over at the exchange's
 * virtual deadline (start + timeoutMs): on a fake clock the exchange resolves once virtual time gets there, so its
 * virtual duration is the timeout whatever moved the clock, and never shorter. `send` gives up at the timeout itself
 * (on the real clock), answering a timeout; one that does not is no longer waited for once the timeout has passed.
 */
export async function realExchange<T>(
  options: RealExchangeOptions<T>,
  send: () => Promise<T>,
): Promise<RealExchangeResult<T>> {
  const { clock, realClock, hold, timeoutMs, isTimeout } = options;
  const start = clock.now();
  hold.deadline = start + timeoutMs;
  let result: RealExchangeResult<T>;
  try {
    result = await new Promise<RealExchangeResult<T>>((resolve, reject) => {
      const timer = realClock.setTimeout(() => resolve({ timedOut: true, value: undefined }), timeoutMs);
      let sent: Promise<T>;
      try {
        sent = send();
      } catch (error) {
        realClock.clearTimeout(timer);
        reject(error);
        return;
      }
      sent.then(
        (value) => {
          realClock.clearTimeout(timer);
          resolve(isTimeout?.(value) === true ? { timedOut: true, value } : { timedOut: false, value });
        },
        (error: unknown) => {
          realClock.clearTimeout(timer);
          reject(error);
        },
      );
    });
  } finally {
    hold.deadline = undefined;
  }
  if (result.timedOut) {
    const left = start + timeoutMs - clock.now();
    if (left > 0) await hold.sleep(left);
  }
  return result;
}
