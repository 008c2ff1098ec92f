import type { AdminHttpClient } from './admin-http-client.js';

/** A run's clock on a shared server, read over HTTP: `now()` asks the server. */
export interface RemoteClock {
  readonly mode: 'fake' | 'system';
  /** The run's time in epoch milliseconds (virtual on a fake clock). */
  now(): Promise<number>;
}

/** Real milliseconds a move may take on the server (default 30,000), as FakeClock's moves take it. */
export interface RemoteMoveOptions {
  readonly budgetMs?: number;
}

/**
 * A run's fake clock on a shared server: the moves of a local FakeClock, each one admin request, answered once the
 * records of everything due are final (docs/rules.md, "Virtual time").
 */
export interface RemoteFakeClock extends RemoteClock {
  readonly mode: 'fake';
  /** Moves time forward by `ms`, firing due timers (retries, fault delays) one at a time, each once the work before it is done. */
  advance(ms: number, options?: RemoteMoveOptions): Promise<void>;
  /** The same as advance, under the name sinon's fake timers use. */
  tick(ms: number, options?: RemoteMoveOptions): Promise<void>;
  /** Moves time forward to the epoch millisecond `time` (no-op when it is in the past). */
  advanceTo(time: number, options?: RemoteMoveOptions): Promise<void>;
  /** Moves to the next timer and fires it; false when no timer is pending. */
  next(options?: RemoteMoveOptions): Promise<boolean>;
  /** Fires timers until no delivery is pending (POST /clock/run-until-idle). */
  runAll(options?: RemoteMoveOptions): Promise<void>;
}

interface ClockAnswer {
  readonly mode: 'fake' | 'system';
  readonly epochMs: number;
}

/** Real milliseconds a clock move may take on the server by default (its own budget; it then answers 504). */
const DEFAULT_MOVE_BUDGET_MS = 30_000;
/** The answer of a move may come this long after its budget ran out (the 504 naming what is unfinished). */
const ANSWER_MARGIN_MS = 15_000;

export function createRemoteClock(admin: AdminHttpClient, mode: 'fake' | 'system'): RemoteClock | RemoteFakeClock {
  const now = async () => (await admin.get<ClockAnswer>('/clock')).epochMs;
  if (mode === 'system') return { mode, now };
  const budget = (options: RemoteMoveOptions | undefined) =>
    options?.budgetMs === undefined ? {} : { budgetMs: options.budgetMs };
  const waitFor = (options: RemoteMoveOptions | undefined) =>
    (options?.budgetMs ?? DEFAULT_MOVE_BUDGET_MS) + ANSWER_MARGIN_MS;
  const advance = async (ms: number, options?: RemoteMoveOptions) => {
    await admin.post('/clock/advance', { ms, ...budget(options) }, waitFor(options));
  };
  const clock: RemoteFakeClock = {
    mode,
    now,
    advance,
    tick: advance,
    async advanceTo(time, options) {
      const current = await now();
      if (time > current) await advance(time - current, options);
    },
    async next(options) {
      return (await admin.post<{ fired: boolean }>('/clock/next', budget(options), waitFor(options))).fired;
    },
    async runAll(options) {
      await admin.post('/clock/run-until-idle', budget(options), waitFor(options));
    },
  };
  return clock;
}
