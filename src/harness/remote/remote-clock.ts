import type { AdminHttpClient } from './admin-http-client.js';

/** A run's clock on a shared server, read over HTTP: `now()` asks the server. */
export interface RemoteClock {
  readonly mode: 'fake' | 'system';
  /** The run's time in epoch milliseconds (virtual on a fake clock). */
  now(): Promise<number>;
}

/** A run's fake clock on a shared server: the moves of a local FakeClock, each one admin request. */
export interface RemoteFakeClock extends RemoteClock {
  readonly mode: 'fake';
  /** Moves time forward by `ms`, firing due timers (retries, fault delays) in order. */
  advance(ms: number): Promise<void>;
  /** Moves time forward to the epoch millisecond `time` (no-op when it is in the past). */
  advanceTo(time: number): Promise<void>;
  /** Moves to the next timer and fires it; false when no timer is pending. */
  next(): Promise<boolean>;
  /** Fires every timer, with the ones fired timers schedule, until none is left (POST /clock/run-until-idle). */
  runAll(): Promise<void>;
}

interface ClockAnswer {
  readonly mode: 'fake' | 'system';
  readonly epochMs: number;
}

/** Real milliseconds a clock move may take on the server: retries make real requests while it runs. */
const MOVE_TIMEOUT_MS = 120_000;

export function createRemoteClock(admin: AdminHttpClient, mode: 'fake' | 'system'): RemoteClock | RemoteFakeClock {
  const now = async () => (await admin.get<ClockAnswer>('/clock')).epochMs;
  if (mode === 'system') return { mode, now };
  const advance = async (ms: number) => {
    await admin.post('/clock/advance', { ms }, MOVE_TIMEOUT_MS);
  };
  const clock: RemoteFakeClock = {
    mode,
    now,
    advance,
    async advanceTo(time) {
      const current = await now();
      if (time > current) await advance(time - current);
    },
    async next() {
      return (await admin.post<{ fired: boolean }>('/clock/next', {}, MOVE_TIMEOUT_MS)).fired;
    },
    async runAll() {
      await admin.post('/clock/run-until-idle', {}, MOVE_TIMEOUT_MS);
    },
  };
  return clock;
}
