import type { Plugin } from '@hapi/hapi';
import { isFakeClock } from '../../clock/clock.js';
import { checkClockAmount } from '../../clock/clock-range.js';
import { ClockNotFakeError } from '../../errors/clock-not-fake-error.js';
import { InvalidRequestError } from '../../errors/invalid-request-error.js';
import type { ServiceCore } from '../../core/service-core.js';
import type { JournalStatus } from '../../domain/journal/journal-entry.js';
import type { JournalSearch } from '../../domain/journal/event-journal.js';
import { parseFaultRule } from '../../core/faults/fault-plan.js';
import { redactSettings } from '../../contract/secret-redaction.js';
import type { RunOptions } from '../../actors/dispatcher/webhook-dispatcher.js';

/** The real-time budget of a run (run-until-idle, a settled advance): `budgetMs` from 1 ms to 10 minutes. */
function runOptions(body: unknown): RunOptions {
  const budgetMs = body !== null && typeof body === 'object' ? (body as { budgetMs?: unknown }).budgetMs : undefined;
  if (budgetMs === undefined) return {};
  if (typeof budgetMs !== 'number' || !Number.isInteger(budgetMs) || budgetMs < 1 || budgetMs > 600_000) throw new InvalidRequestError(`/budgetMs must be a whole number of real milliseconds from 1 to 600000; received ${JSON.stringify(budgetMs)}`);
  return { budgetMs };
}

const STATUSES = new Set<string>(['accepted', 'rejected', 'duplicate', 'filtered']);

export interface AdminPluginOptions {
  readonly core: ServiceCore;
  /** Runs every pending timer, letting real I/O between them settle (the dispatcher supplies it). */
  readonly runUntilIdle?: (options: RunOptions) => Promise<void>;
  /** Called after the core is reset, for parts composed on top of it. */
  readonly onReset?: () => void;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new InvalidRequestError(`query ${name} must be given once; received ${JSON.stringify(value)}`);
  return value;
}

function optionalCount(value: unknown, name: string): number | undefined {
  const text = optionalString(value, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new InvalidRequestError(`query ${name} must be a whole number >= 0; received ${JSON.stringify(text)}`);
  return n;
}

/** Parses GET /events query parameters into a journal query; the error names the bad parameter. */
const EVENTS_QUERY_KEYS = ['status', 'type', 'userId', 'anonymousId', 'writeKey', 'messageId', 'event', 'name', 'limit', 'offset', 'order', 'q'];

export function parseEventsQuery(query: Record<string, unknown>): JournalSearch {
  // A misspelt parameter would otherwise list every event, so an unknown one is a 400 naming it.
  const unknown = Object.keys(query).filter((key) => !EVENTS_QUERY_KEYS.includes(key));
  if (unknown.length > 0) throw new InvalidRequestError(`unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => JSON.stringify(key)).join(', ')}; expected only ${EVENTS_QUERY_KEYS.join(', ')}`);
  const status = optionalString(query.status, 'status');
  if (status !== undefined && !STATUSES.has(status)) throw new InvalidRequestError(`query status must be one of accepted, rejected, duplicate, filtered; received ${JSON.stringify(status)}`);
  const order = optionalString(query.order, 'order');
  if (order !== undefined && order !== 'oldest' && order !== 'newest') throw new InvalidRequestError(`query order must be oldest or newest; received ${JSON.stringify(order)}`);
  return {
    status: status as JournalStatus | undefined,
    type: optionalString(query.type, 'type'),
    userId: optionalString(query.userId, 'userId'),
    anonymousId: optionalString(query.anonymousId, 'anonymousId'),
    event: optionalString(query.event, 'event'),
    name: optionalString(query.name, 'name'),
    writeKey: optionalString(query.writeKey, 'writeKey'),
    messageId: optionalString(query.messageId, 'messageId'),
    limit: optionalCount(query.limit, 'limit'),
    offset: optionalCount(query.offset, 'offset'),
    order: order as 'oldest' | 'newest' | undefined,
    text: optionalString(query.q, 'q'),
  };
}

/** The admin API under /__harness (docs/mock-service.md): health, events, sources, clock, faults, reset. */
export const adminPlugin: Plugin<AdminPluginOptions> = {
  name: 'event-harness-admin',
  register(server, { core, runUntilIdle, onReset }) {
    const clockBody = () => ({ mode: core.clock.mode, now: new Date(core.clock.now()).toISOString(), epochMs: core.clock.now() });
    const fakeClock = () => {
      if (!isFakeClock(core.clock)) throw new ClockNotFakeError();
      return core.clock;
    };
    server.route([
      { method: 'GET', path: '/__harness/health', handler: () => ({ ok: true, clock: core.clock.mode, events: core.journal.counts().all }) },
      {
        method: 'GET',
        path: '/__harness/events',
        handler(request) {
          const page = core.journal.query(parseEventsQuery(request.query));
          return { total: page.total, counts: core.journal.counts(), events: page.events };
        },
      },
      // Shared secrets, static header values and URL passwords are shown as set, with a fingerprint, never as values.
      { method: 'GET', path: '/__harness/sources', handler: () => ({ zeroConfig: core.sources.zeroConfig, evicted: core.sources.evicted, sources: core.sources.list().map((source) => redactSettings(source)) }) },
      { method: 'GET', path: '/__harness/clock', handler: clockBody },
      {
        method: 'POST',
        path: '/__harness/clock/advance',
        async handler(request) {
          const body = request.payload as { ms?: unknown; settle?: unknown } | null;
          if (body?.settle !== undefined && typeof body.settle !== 'boolean') throw new InvalidRequestError(`/settle must be true or false; received ${JSON.stringify(body.settle)}`);
          const clock = fakeClock();
          // Bounded before use: a clock past year 9999 could not write its own time (1e308 once killed the process).
          const ms = checkClockAmount('/ms', body?.ms, clock.now());
          // settle: step through due timers, letting each retry's real request finish before time moves on.
          if (body?.settle === true) await core.dispatcher.runUntil(clock.now() + ms, runOptions(body));
          else await clock.advance(ms);
          return clockBody();
        },
      },
      {
        method: 'POST',
        path: '/__harness/clock/next',
        async handler() {
          const fired = await fakeClock().next();
          return { fired, ...clockBody() };
        },
      },
      {
        method: 'POST',
        path: '/__harness/clock/next-retry',
        async handler() {
          // Unlike /clock/next, skips request timeouts and fault delays: it lands on the earliest scheduled retry.
          fakeClock(); // refuses on a system clock
          const due = core.dispatcher.nextRetryAt();
          if (due !== undefined) await core.dispatcher.runUntil(due);
          return { fired: due !== undefined, ...(due !== undefined ? { retryAt: new Date(due).toISOString() } : {}), ...clockBody() };
        },
      },
      {
        method: 'POST',
        path: '/__harness/clock/run-until-idle',
        async handler(request) {
          const clock = fakeClock();
          const options = runOptions(request.payload);
          if (runUntilIdle === undefined) await clock.runAll();
          else await runUntilIdle(options);
          return clockBody();
        },
      },
      { method: 'GET', path: '/__harness/faults', handler: () => ({ faults: core.faults.pending() }) },
      {
        method: 'POST',
        path: '/__harness/faults',
        handler(request) {
          core.faults.add(parseFaultRule(request.payload));
          return { success: true, faults: core.faults.pending() };
        },
      },
      {
        method: 'DELETE',
        path: '/__harness/faults',
        handler() {
          core.faults.clear();
          return { success: true, faults: [] };
        },
      },
      {
        method: 'POST',
        path: '/__harness/reset',
        handler() {
          core.reset();
          onReset?.();
          return { success: true };
        },
      },
    ]);
  },
};
