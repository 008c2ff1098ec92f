import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Harness } from '../harness/create-harness.js';
import type { HarnessServedRequest } from '../harness/harness-server.js';
import type { DeliveryView } from '../actors/dispatcher/webhook-dispatcher.js';
import { redactUrlPasswords } from '../contract/secret-redaction.js';
import { RoutineLineBudget, type RoutineLineSummary } from './routine-line-budget.js';
import type { JournalEntry } from '../domain/journal/journal-entry.js';
import { BudgetedEventLines } from './budgeted-event-lines.js';
import type { CollectionRequestRecord, ServedCollectionRequest } from '../core/collection/request-log.js';
import { followRequestLogs } from '../core/runs/follow-request-logs.js';

export type ServeLogFormat = 'pretty' | 'json';
export type ServeLogLevel = 'silent' | 'warn' | 'info' | 'debug';

export interface ServeLogOptions {
  readonly format: ServeLogFormat;
  readonly level: ServeLogLevel;
  readonly stream: NodeJS.WritableStream;
  /** Colours in the readable format (a terminal without NO_COLOR). */
  readonly color: boolean;
}

/**
 * The log of `serve`, on pino: readable lines by default (pino-pretty, written synchronously so a line is out
 * before the next request), JSON lines with `--log-format json`. The message is a whole sentence in both, and
 * the JSON lines also carry its parts as fields for machines.
 */
export function createServeLogger(options: ServeLogOptions): Logger {
  const base = { level: options.level, base: null, timestamp: pino.stdTimeFunctions.isoTime };
  if (options.format === 'json') return pino(base, options.stream);
  const format = pretty.prettyFactory({
    colorize: options.color,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    hideObject: true,
    singleLine: true,
  });
  // Formatted in the same turn, so a line is out before the next request (pino-pretty's stream ends a line
  // without an object part with no newline; the factory's line gets one here).
  const destination = {
    write(json: string) {
      const line = format(JSON.parse(json) as Record<string, unknown>);
      options.stream.write(line.endsWith('\n') ? line : `${line}\n`);
    },
  };
  return pino(base, destination);
}

/** Cuts a long text to `max` characters with an ellipsis, so one line stays one line. */
function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The reason a refused request was refused, from the answer the service gave. */
function refusalReason(request: HarnessServedRequest): string | undefined {
  const response = request.response as {
    source?: unknown;
    isBoom?: boolean;
    output?: { payload?: { message?: unknown } };
  } | null;
  if (response === null || response === undefined) return undefined;
  const body = response.isBoom === true ? response.output?.payload : response.source;
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string')
    return (body as { message: string }).message;
  return undefined;
}

function statusOf(request: HarnessServedRequest): number | undefined {
  if (request.raw.res.headersSent) return request.raw.res.statusCode;
  const response = request.response as {
    statusCode?: number;
    isBoom?: boolean;
    output?: { statusCode?: number };
  } | null;
  return response?.isBoom === true ? response.output?.statusCode : response?.statusCode;
}

/** Quotes a value for a log line only when it needs it. */
function show(value: unknown): string {
  return typeof value === 'string' && /^[\w.@:/-]+$/.test(value) ? value : (JSON.stringify(value) ?? 'undefined');
}

/** A request as the log writes it, from Hapi's response event or from a run's request log. */
interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  /** Undefined when the connection was dropped without an answer. */
  readonly status: number | undefined;
  readonly ms: number | undefined;
  readonly reason: string | undefined;
}

function servedByHapi(request: HarnessServedRequest): LoggedRequest {
  const status = statusOf(request);
  return {
    method: request.method,
    path: request.path,
    status,
    ms: request.info.responded > 0 ? request.info.responded - request.info.received : undefined,
    reason: status !== undefined && status >= 400 ? refusalReason(request) : undefined,
  };
}

function servedByDoor(record: CollectionRequestRecord, served: ServedCollectionRequest): LoggedRequest {
  return {
    method: record.method,
    path: record.path,
    status: record.status,
    ms: record.durationMs,
    reason: record.status !== undefined && record.status >= 400 ? served.message : undefined,
  };
}

function logRequest(log: Logger, request: LoggedRequest, budget: RoutineLineBudget | undefined): void {
  const { status, ms, reason } = request;
  const method = request.method.toUpperCase();
  const busy = request.path.startsWith('/__harness/')
    ? method === 'GET' || request.path.startsWith('/__harness/sample-receiver')
    : !request.path.startsWith('/v1/');
  // A request answered below 400 at info is routine: within the budget it is written, past it counted.
  const routine = status !== undefined && status < 400 && !busy;
  if (routine && budget !== undefined && !budget.take('requests answered')) return;
  const fields = {
    kind: 'request',
    method,
    path: request.path,
    ...(status !== undefined ? { status } : { dropped: true }),
    ...(ms !== undefined ? { ms } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
  const outcome = status === undefined ? 'connection dropped' : String(status);
  const msg = `${method} ${request.path} ${outcome}${ms !== undefined ? ` (${ms} ms)` : ''}${reason !== undefined ? `: ${clip(reason)}` : ''}`;
  // The collection API and admin changes at info; the inspector's own reads and static files at debug.
  if (status !== undefined && status >= 500) log.error(fields, msg);
  else if (busy && (status === undefined || status < 400)) log.debug(fields, msg);
  else log.info(fields, msg);
}

function describeAttempt(
  delivery: DeliveryView,
  index: number,
): { msg: string; fields: Record<string, unknown>; ok: boolean } | undefined {
  const attempt = delivery.attempts[index];
  if (attempt === undefined) return undefined;
  const outcome = attempt.status !== undefined ? String(attempt.status) : (attempt.error ?? 'no answer');
  return {
    ok: attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300,
    msg: `delivery ${delivery.id} ${delivery.type} attempt ${index + 1} -> ${redactUrlPasswords(attempt.url)} ${outcome} (${attempt.durationMs} ms)`,
    fields: {
      kind: 'attempt',
      id: delivery.id,
      type: delivery.type,
      messageId: delivery.messageId,
      attempt: index + 1,
      url: redactUrlPasswords(attempt.url),
      ...(attempt.status !== undefined ? { status: attempt.status } : {}),
      ...(attempt.error !== undefined ? { error: attempt.error } : {}),
      durationMs: attempt.durationMs,
    },
  };
}

/** What became of a delivery after its attempts: retried when, or delivered, failed or expired. */
function describeState(
  delivery: DeliveryView,
): { msg: string; fields: Record<string, unknown>; ok: boolean } | undefined {
  const fields = {
    kind: 'delivery',
    id: delivery.id,
    type: delivery.type,
    messageId: delivery.messageId,
    state: delivery.state,
    attempts: delivery.attempts.length,
    ...(delivery.nextAttemptAt !== undefined ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
  };
  const head = `delivery ${delivery.id} ${delivery.type}`;
  const n = delivery.attempts.length;
  const attempts = `${n} attempt${n === 1 ? '' : 's'}`;
  switch (delivery.state) {
    case 'pending':
      return delivery.nextAttemptAt === undefined
        ? undefined
        : { ok: false, fields, msg: `${head} will be retried at ${delivery.nextAttemptAt}` };
    case 'delivered':
      return { ok: true, fields, msg: `${head} delivered after ${attempts}` };
    case 'failed':
      return {
        ok: false,
        fields,
        msg: `${head} failed after ${attempts}, not retried (a 3xx, a 4xx other than 408 and 429, or a self-signed certificate is final)`,
      };
    case 'expired':
      return { ok: false, fields, msg: `${head} expired after ${attempts}: the retry window closed` };
    default:
      return undefined;
  }
}

/** Routine lines (2xx requests, accepted events, delivered webhooks) written one by one per second at info. */
export const ROUTINE_LINES_PER_SECOND = 200;

function summaryLine(log: Logger, summary: RoutineLineSummary): void {
  const parts = Object.entries(summary.counts).map(([kind, n]) => `${n.toLocaleString('en-US')} ${kind}`);
  log.info(
    { kind: 'summary', notLogged: summary.counts, windowMs: summary.windowMs },
    `not logged one by one in the last ${summary.windowMs / 1000} s: ${parts.join(', ')} (at most ${ROUTINE_LINES_PER_SECOND} routine lines a second; --log-level debug writes every line)`,
  );
}

/** The line of one journaled event: a warning for a rejected one. */
function eventLine(log: Logger, entry: JournalEntry): void {
  const event = entry.event;
  const who =
    event.userId !== undefined
      ? ` userId=${show(event.userId)}`
      : event.anonymousId !== undefined
        ? ` anonymousId=${show(event.anonymousId)}`
        : '';
  const what =
    typeof event.event === 'string'
      ? ` ${show(event.event)}`
      : typeof event.name === 'string'
        ? ` ${show(event.name)}`
        : '';
  const msg = `event ${entry.status}: ${show(event.type ?? 'unknown')}${what}${who} writeKey=${show(entry.writeKey)}${entry.reason !== undefined ? `: ${clip(entry.reason)}` : ''}`;
  const fields = {
    kind: 'event',
    status: entry.status,
    type: event.type,
    writeKey: entry.writeKey,
    messageId: event.messageId,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
  };
  if (entry.status === 'rejected') log.warn(fields, msg);
  else log.info(fields, msg);
}

export interface HarnessActivityLog {
  /** Writes the summary of routine lines counted but not yet summarized (before the process stops). */
  flush(): void;
}

/**
 * Logs what the harness does: each request it answers (refusals with their reason), each event journaled
 * (accepted, rejected with the reason, duplicate, filtered) and each delivery attempt with its outcome.
 * At info, routine lines past ROUTINE_LINES_PER_SECOND are counted into one summary line a second instead
 * (see RoutineLineBudget); at debug every line is written. Subscribes nothing when the level is below info,
 * so a quiet serve pays nothing for it.
 */
export function logHarnessActivity(
  harness: Harness,
  log: Logger,
  options: { linesPerSecond?: number } = {},
): HarnessActivityLog {
  let routineEvents: BudgetedEventLines | undefined;
  const budget = log.isLevelEnabled('debug')
    ? undefined
    : new RoutineLineBudget({
        linesPerWindow: options.linesPerSecond ?? ROUTINE_LINES_PER_SECOND,
        onSummary: (summary) => summaryLine(log, summary),
        onWindowClose: () => routineEvents?.windowClosed(),
      });
  const activity: HarnessActivityLog = { flush: () => budget?.flush() };
  if (!log.isLevelEnabled('info') && !log.isLevelEnabled('error')) return activity;
  const requestBudget = () => (log.isLevelEnabled('info') ? budget : undefined);
  // Hapi answers every path but /v1/, which the collection door answers and records in each run's request log.
  harness.server.events.on('response', (request) => {
    if (!request.path.startsWith('/v1/')) logRequest(log, servedByHapi(request), requestBudget());
  });
  followRequestLogs(harness.runs, (_run, record, served) =>
    logRequest(log, servedByDoor(record, served), requestBudget()),
  );
  if (!log.isLevelEnabled('info')) return activity;
  const writeEvent = (entry: JournalEntry) => eventLine(log, entry);
  if (budget === undefined) harness.journal.subscribe(writeEvent, { keepsEntries: false });
  else {
    // Every rejected event is a warning, written whatever the budget; the routine ones go through it.
    harness.journal.subscribe(writeEvent, { keepsEntries: false, statuses: ['rejected'] });
    (routineEvents = new BudgetedEventLines(harness.journal, budget, writeEvent)).start();
  }
  // The dispatcher announces every change of a delivery: a line is due for each new attempt and each change of
  // what comes next (a retry time, or the final state).
  const logged = new Map<string, { attempts: number; next: string }>();
  harness.dispatcher.subscribe((delivery) => {
    const seen = logged.get(delivery.id) ?? { attempts: 0, next: 'pending' };
    for (let i = seen.attempts; i < delivery.attempts.length; i++) {
      const status = delivery.attempts[i]?.status;
      if (
        status !== undefined &&
        status >= 200 &&
        status < 300 &&
        budget !== undefined &&
        !budget.take('webhook attempts answered 2xx')
      )
        continue;
      writeLine(log, describeAttempt(delivery, i));
    }
    const next = `${delivery.state} ${delivery.nextAttemptAt ?? ''}`;
    if (
      next !== seen.next &&
      !(delivery.state === 'delivered' && budget !== undefined && !budget.take('deliveries delivered'))
    )
      writeLine(log, describeState(delivery));
    // Kept after the delivery settles (a redeliver adds attempts to it), bounded as the dispatcher's own list.
    logged.delete(delivery.id);
    logged.set(delivery.id, { attempts: delivery.attempts.length, next });
    if (logged.size > 10_000) logged.delete(logged.keys().next().value as string);
  });
  return activity;
}

function writeLine(log: Logger, line: { msg: string; fields: Record<string, unknown>; ok: boolean } | undefined): void {
  if (line === undefined) return;
  if (line.ok) log.info(line.fields, line.msg);
  else log.warn(line.fields, line.msg);
}
