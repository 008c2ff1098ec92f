import { abortReason } from './abort-reason.js';
import type { Clock, TimerHandle } from './clock.js';

/** The real clock: Date.now and the platform timers. */
export function createSystemClock(): Clock {
  return {
    mode: 'system',
    now: () => Date.now(),
    setTimeout(callback, ms) {
      return { clockTimer: globalThis.setTimeout(callback, ms) };
    },
    clearTimeout(handle: TimerHandle) {
      globalThis.clearTimeout(handle.clockTimer as ReturnType<typeof globalThis.setTimeout>);
    },
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const onAbort = () => {
          globalThis.clearTimeout(timer);
          reject(abortReason(signal as AbortSignal));
        };
        const timer = globalThis.setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
