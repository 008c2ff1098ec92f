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
 * virtual duration is the timeout whatever moved the clock, and never shorter. `send` is aborted at the timeout.
 */
export async function realExchange<T>(
  options: RealExchangeOptions<T>,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<RealExchangeResult<T>> {
  const { clock, realClock, hold, timeoutMs } = options;
  const start = clock.now();
  const controller = new AbortController();
  let timer: ReturnType<Clock['setTimeout']> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = realClock.setTimeout(() => resolve('expired'), timeoutMs);
  });
  hold.deadline = start + timeoutMs;
  let result: RealExchangeResult<T>;
  try {
    const raced = await Promise.race([send(controller.signal).then((value) => ({ value })), expired]);
    if (raced === 'expired') {
      controller.abort(new Error(`no answer within ${timeoutMs} ms of real time`));
      result = { timedOut: true, value: undefined };
    } else
      result = { timedOut: options.isTimeout?.(raced.value) === true, value: raced.value } as RealExchangeResult<T>;
  } finally {
    if (timer !== undefined) realClock.clearTimeout(timer);
    hold.deadline = undefined;
  }
  if (result.timedOut) {
    const left = start + timeoutMs - clock.now();
    if (left > 0) await hold.sleep(left);
  }
  return result;
}
