import { createRequire } from 'node:module';
import type * as FakeTimers from '@sinonjs/fake-timers';
import { RunBudgetExceededError } from '../errors/clock-errors.js';
import { abortReason } from './abort-reason.js';
import { checkClockAmount, checkClockTime, MAX_CLOCK_TIME } from './clock-range.js';
import type { Clock, ClockHold, FakeClock, MoveOptions, TimerHandle } from './clock.js';
import { createMonotonicClock } from './monotonic-clock.js';

export interface FakeClockOptions {
  /** Start time, epoch milliseconds or a Date; default 2024-01-01T00:00:00.000Z so runs are reproducible. */
  readonly now?: number | Date;
  /** Most timers one move may fire before it gives up (a timer loop would otherwise never end). */
  readonly loopLimit?: number;
  /** Real time, for the budgets of moves: injected, monotonic by default. */
  readonly realClock?: Clock;
}

export const DEFAULT_FAKE_EPOCH = Date.UTC(2024, 0, 1);

/** Real time a move may take by default before it answers what is unfinished. */
export const DEFAULT_MOVE_BUDGET_MS = 30_000;

// Loaded on the first fake clock, not at import: it is ~20 ms of every cold start, and a harness on the
// system clock (the default) never needs it. It is a CommonJS package, so require() loads it synchronously.
let fakeTimers: typeof FakeTimers | undefined;
function loadFakeTimers(): typeof FakeTimers {
  fakeTimers ??= createRequire(import.meta.url)('@sinonjs/fake-timers') as typeof FakeTimers;
  return fakeTimers;
}

interface HoldEntry {
  readonly what: string | (() => string);
  deadline: number | undefined;
}

const isoOf = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/**
 * A virtual clock on @sinonjs/fake-timers' `createClock`, which never installs itself on the globals: global
 * setTimeout and Date keep running on real time while this clock moves only when told to.
 *
 * Every move follows one rule (docs/rules.md, "Virtual time"): before each timer fires, and before a move
 * answers, the work held on the clock (delivery walks, requests on the wire) must be done or waiting on virtual
 * time itself. So a move of any size, in one jump or many steps, gives the records a clock stepped timer by timer
 * gives, and a move resolves once those records are final. Moves run one after another, never interleaved.
 */
export function createFakeClock(options: FakeClockOptions = {}): FakeClock {
  const start = checkClockTime("the fake clock's start (now)", options.now ?? DEFAULT_FAKE_EPOCH);
  const loopLimit = options.loopLimit ?? 100_000;
  const realClock = options.realClock ?? createMonotonicClock();
  const clock = loadFakeTimers().createClock(start, loopLimit);
  // fake-timers has no public "when is the next timer due", so the due times are tracked here.
  const due = new Map<unknown, number>();
  const holds = new Set<HoldEntry>();
  let parked = 0;
  let changeWaiters: (() => void)[] = [];
  let moving: Promise<unknown> = Promise.resolve();

  const changed = () => {
    if (changeWaiters.length === 0) return;
    const waiters = changeWaiters;
    changeWaiters = [];
    for (const wake of waiters) wake();
  };

  const setTimer = (callback: () => void, ms: number): TimerHandle => {
    // A timer due past the clock's range could never be written as a date: it is due at the range's end.
    const delay = Math.min(Math.max(0, Number.isFinite(ms) ? ms : 0), Math.max(0, MAX_CLOCK_TIME - clock.now));
    const id: unknown = clock.setTimeout(() => {
      due.delete(id);
      callback();
    }, delay);
    due.set(id, clock.now + delay);
    return { clockTimer: id };
  };
  const clearTimer = (handle: TimerHandle): void => {
    due.delete(handle.clockTimer);
    clock.clearTimeout(handle.clockTimer as Parameters<typeof clock.clearTimeout>[0]);
  };
  const nextTimerAt = (): number | undefined => {
    let earliest: number | undefined;
    for (const at of due.values()) if (earliest === undefined || at < earliest) earliest = at;
    return earliest;
  };

  const hold = (what: string | (() => string)): ClockHold => {
    const entry: HoldEntry = { what, deadline: undefined };
    holds.add(entry);
    const handle: ClockHold = {
      get deadline() {
        return entry.deadline;
      },
      set deadline(at: number | undefined) {
        entry.deadline = at;
        changed();
      },
      release() {
        if (holds.delete(entry)) changed();
      },
      sleep(ms) {
        handle.release();
        // Held again inside the timer, before anything else can move the clock on.
        return new Promise<void>((resolve) => {
          setTimer(() => {
            holds.add(entry);
            resolve();
          }, ms);
        });
      },
    };
    return handle;
  };

  // Whether the next step must wait for held work. With a request of the harness parked on virtual time, a
  // timer due before every held deadline may fire: that request may be what the held work is waiting for.
  const mustWait = (limit: number): boolean => {
    if (holds.size === 0) return false;
    if (parked === 0) return true;
    const next = nextTimerAt();
    if (next === undefined || next > limit) return true;
    for (const { deadline } of holds) if (deadline !== undefined && deadline <= next) return true;
    return false;
  };

  const budgetError = (budgetMs: number, target: number | undefined) =>
    new RunBudgetExceededError(budgetMs, {
      inFlight: [...holds].map(({ what }) => (typeof what === 'string' ? what : what())),
      now: isoOf(clock.now) as string,
      target: isoOf(target),
      pendingTimers: due.size,
      nextTimerAt: isoOf(nextTimerAt()),
    });

  /** Resolves on the next change of holds or parks, or after `ms` of real time. */
  const changeWithin = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = realClock.setTimeout(resolve, Math.max(1, ms));
      changeWaiters.push(() => {
        realClock.clearTimeout(timer);
        resolve();
      });
    });

  interface Move {
    readonly limit: number;
    readonly target: number | undefined;
    readonly deadline: number;
    readonly budgetMs: number;
  }

  /** Waits until `blocked()` is false; after a wait, one macrotask more, for work resumed by a release to hold again. */
  const settle = async (move: Move, blocked: () => boolean): Promise<void> => {
    let waited = false;
    for (;;) {
      if (!blocked()) {
        if (!waited) return;
        waited = false;
        await new Promise<void>((resolve) => realClock.setTimeout(resolve, 0));
        continue;
      }
      const left = move.deadline - realClock.now();
      if (left <= 0) throw budgetError(move.budgetMs, move.target);
      waited = true;
      await changeWithin(left);
    }
  };

  /** Fires the next due timer: the `fired`-th of this move, within its loop limit and budget. */
  const fireNext = async (move: Move, fired: number): Promise<void> => {
    if (fired > loopLimit)
      throw new RangeError(`fired ${loopLimit} timers in one move (loopLimit): a timer keeps scheduling another`);
    if (realClock.now() >= move.deadline) throw budgetError(move.budgetMs, move.target);
    await clock.nextAsync();
  };

  /** Fires timers due up to `limit` one at a time, each once held work is done; then moves to `target`. */
  const run = async (move: Move, done?: () => boolean): Promise<void> => {
    let fired = 0;
    for (;;) {
      await settle(move, () => mustWait(move.limit));
      if (done?.() === true && holds.size === 0) return;
      const next = nextTimerAt();
      if (next === undefined || next > move.limit) break;
      await fireNext(move, ++fired);
    }
    if (move.target !== undefined && move.target > clock.now) await clock.tickAsync(move.target - clock.now);
  };

  /** Runs moves one after another: two at once would each wait for the other's work. */
  const serialized = <T>(budget: MoveOptions | undefined, body: (deadline: number, budgetMs: number) => Promise<T>) => {
    const budgetMs = budget?.budgetMs ?? DEFAULT_MOVE_BUDGET_MS;
    const deadline = realClock.now() + budgetMs;
    const result = moving.then(() => body(deadline, budgetMs));
    moving = result.catch(() => undefined);
    return result;
  };

  // The amount is checked at once, and counted from where the clock stands when the move's turn comes.
  const advance = async (ms: number, options?: MoveOptions): Promise<void> => {
    checkClockAmount('advance', ms, clock.now);
    await serialized(options, (deadline, budgetMs) => {
      const target = clock.now + checkClockAmount('advance', ms, clock.now);
      return run({ limit: target, target, deadline, budgetMs });
    });
  };

  return {
    mode: 'fake',
    now: () => clock.now,
    setTimeout: setTimer,
    clearTimeout: clearTimer,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const onAbort = () => {
          clearTimer(handle);
          reject(abortReason(signal as AbortSignal));
        };
        const handle = setTimer(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    advance,
    tick: advance,
    async advanceTo(time, moveOptions) {
      const target = checkClockTime('advanceTo', time);
      await serialized(moveOptions, (deadline, budgetMs) =>
        target > clock.now ? run({ limit: target, target, deadline, budgetMs }) : Promise.resolve(),
      );
    },
    next(moveOptions) {
      return serialized(moveOptions, async (deadline, budgetMs) => {
        const move = { limit: Number.POSITIVE_INFINITY, target: undefined, deadline, budgetMs };
        await settle(move, () => mustWait(move.limit));
        if (due.size === 0) return false;
        await clock.nextAsync();
        // The records of what it fired: final, unless what is left waits on virtual time (a parked request).
        await settle(move, () => holds.size > 0 && parked === 0);
        return true;
      });
    },
    runAll(moveOptions) {
      return serialized(moveOptions, (deadline, budgetMs) =>
        run({ limit: Number.POSITIVE_INFINITY, target: undefined, deadline, budgetMs }),
      );
    },
    runUntilDone(done, moveOptions) {
      return serialized(moveOptions, (deadline, budgetMs) =>
        run({ limit: Number.POSITIVE_INFINITY, target: undefined, deadline, budgetMs }, done),
      );
    },
    nextTimerAt,
    pendingTimers: () => due.size,
    hold,
    park() {
      parked++;
      changed();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        parked--;
        changed();
      };
    },
    held: () => [...holds].map(({ what }) => (typeof what === 'string' ? what : what())),
  };
}
