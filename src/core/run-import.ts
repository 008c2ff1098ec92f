import { isFakeClock } from '../clock/clock.js';
import { MAX_JSON_DEPTH, jsonTextDepth } from '../contract/json-depth.js';
import { MAX_EVENT_BYTES, MAX_REQUEST_BYTES } from '../contract/spec-limits.js';
import { isObject } from '../contract/is-object.js';
import { validate } from '../contract/validators.js';
import { ImportFileError } from '../errors/config-errors.js';
import { clipReceived } from '../errors/clip-received.js';
import type { DeliveryView, RetryWindow } from '../actors/dispatcher/webhook-dispatcher.js';
import type { JournalStatus } from '../domain/journal/journal-entry.js';
import { importedHeadersProblem, importedTargets } from './imported-targets.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from './run-export.js';
import type { ServiceCore } from './service-core.js';

const STATUSES = new Set(['accepted', 'rejected', 'duplicate', 'filtered']);
/** The statuses whose messageId the service remembered for duplicate detection when it took the event. */
const SEEN = new Set(['accepted', 'duplicate', 'filtered']);
const STATES = new Set(['pending', 'delivered', 'failed', 'expired']);
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Versions this one reads: 1 had no retry windows and no audiences. */
const READABLE_VERSIONS = new Set([1, EXPORT_VERSION]);

/**
 * The collection API's limits, applied to what an import journals: an event nests as deep as a request may (100
 * levels, the line around it one more), and is no larger than the request that carried it, plus what enrichment
 * adds (envelope context merged in: at most an event's own limit more).
 */
const MAX_LINE_DEPTH = MAX_JSON_DEPTH + 1;
const MAX_IMPORTED_EVENT_BYTES = MAX_REQUEST_BYTES + MAX_EVENT_BYTES;
/** A delivery's body is one payload (or a Webhooks (Actions) batch of them); a line past this is not an export's. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
/** Most targets a delivery has: five URLs (rule 2.1) or five mappings. */
const MAX_TARGETS = 5;

export interface ImportSummary {
  readonly events: number;
  readonly deliveries: number;
  readonly audiences: number;
  /** The harness time the export was taken at (epoch ms). */
  readonly clockNow: number;
}

interface ImportedEvent {
  readonly status: JournalStatus;
  readonly writeKey: string;
  readonly event: Record<string, unknown>;
  readonly reason: string | undefined;
}
interface ImportedDelivery {
  readonly view: DeliveryView;
  readonly window: RetryWindow | undefined;
}
interface ImportedAudience {
  readonly name: string;
  readonly definition: Record<string, unknown>;
  readonly synced: readonly string[] | undefined;
}

/** One line as an object, checked for depth before it is parsed (a deep line would overflow what reads it later). */
function parseLine(line: string, where: string): Record<string, unknown> {
  if (line.length > MAX_LINE_CHARS)
    throw new ImportFileError(
      `${where}: the line is ${line.length} characters; an export's lines are at most ${MAX_LINE_CHARS}`,
    );
  const depth = jsonTextDepth(line, MAX_LINE_DEPTH + 1);
  if (depth > MAX_LINE_DEPTH)
    throw new ImportFileError(
      `${where}: the line nests more than ${MAX_LINE_DEPTH} levels of objects and arrays; an event may nest at most ${MAX_JSON_DEPTH}, as in the collection API, so its line at most ${MAX_LINE_DEPTH}`,
    );
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new ImportFileError(
      `${where}: expected one JSON object per line; received ${JSON.stringify(clipReceived(line))} (${(error as Error).message})`,
    );
  }
  if (!isObject(value))
    throw new ImportFileError(
      `${where}: expected one JSON object per line; received ${JSON.stringify(clipReceived(line))}`,
    );
  return value;
}

function checkEvent(value: Record<string, unknown>, where: string): ImportedEvent {
  if (typeof value.status !== 'string' || !STATUSES.has(value.status))
    throw new ImportFileError(
      `${where}: an event's status must be accepted, rejected, duplicate or filtered; received ${JSON.stringify(value.status)}`,
    );
  if (typeof value.writeKey !== 'string')
    throw new ImportFileError(
      `${where}: an event needs its writeKey (a string); received ${JSON.stringify(value.writeKey)}`,
    );
  if (!isObject(value.event))
    throw new ImportFileError(
      `${where}: an event needs the event object; received ${JSON.stringify(clipReceived(JSON.stringify(value.event) ?? 'nothing'))}`,
    );
  if (value.reason !== undefined && typeof value.reason !== 'string')
    throw new ImportFileError(`${where}: reason must be a string; received ${JSON.stringify(value.reason)}`);
  const bytes = Buffer.byteLength(JSON.stringify(value.event));
  if (bytes > MAX_IMPORTED_EVENT_BYTES)
    throw new ImportFileError(
      `${where}: the event is ${bytes} bytes of JSON; an event the service took is at most ${MAX_IMPORTED_EVENT_BYTES} (the request that carried it, ${MAX_REQUEST_BYTES}, and its enrichment)`,
    );
  return {
    status: value.status as JournalStatus,
    writeKey: value.writeKey,
    event: value.event,
    reason: value.reason as string | undefined,
  };
}

function targetProblems(targets: unknown): string[] {
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > MAX_TARGETS)
    return [`targets (a list of 1 to ${MAX_TARGETS} {url, headers})`];
  const problems: string[] = [];
  targets.forEach((target, i) => {
    if (
      !isObject(target) ||
      typeof target.url !== 'string' ||
      !/^https?:\/\//i.test(target.url) ||
      !isObject(target.headers)
    )
      problems.push(`targets/${i} (an http(s) url and an object of headers)`);
    else if (target.method !== undefined && !(typeof target.method === 'string' && METHODS.has(target.method)))
      problems.push(`targets/${i}/method (POST, PUT or PATCH)`);
    else {
      const header = importedHeadersProblem(target.headers);
      if (header !== undefined) problems.push(`targets/${i}/headers that may be sent: ${header}`);
    }
  });
  return problems;
}

function retryWindowOf(value: unknown, where: string): RetryWindow | undefined {
  if (value === undefined) return undefined;
  const first = isObject(value) ? value.firstAttemptAt : undefined;
  const at = typeof first === 'string' ? Date.parse(first) : Number.NaN;
  if (
    !isObject(value) ||
    !(first === null || !Number.isNaN(at)) ||
    !Number.isInteger(value.retries) ||
    (value.retries as number) < 0
  )
    throw new ImportFileError(
      `${where}: a delivery's retry must be {"firstAttemptAt": an ISO 8601 time or null, "retries": a whole number >= 0}; received ${JSON.stringify(clipReceived(JSON.stringify(value)))}`,
    );
  return { firstAttemptAt: first === null ? undefined : at, retries: value.retries as number };
}

function checkDelivery(value: Record<string, unknown>, where: string): ImportedDelivery {
  const problems: string[] = [];
  for (const key of ['id', 'messageId', 'type', 'writeKey', 'createdAt'])
    if (typeof value[key] !== 'string') problems.push(`${key} (a string)`);
  if (typeof value.state !== 'string' || !STATES.has(value.state))
    problems.push('state (pending, delivered, failed or expired)');
  if (
    !Array.isArray(value.attempts) ||
    !value.attempts.every(
      (attempt) => isObject(attempt) && typeof attempt.url === 'string' && typeof attempt.at === 'string',
    )
  )
    problems.push('attempts (a list of {url, at, status or error, durationMs})');
  if (!isObject(value.request) || typeof value.request.body !== 'string')
    problems.push('request.body (the exact body string)');
  else if (
    value.destination !== 'Webhooks (Actions)' &&
    Buffer.byteLength(value.request.body) > MAX_IMPORTED_EVENT_BYTES
  )
    problems.push(`request.body of at most ${MAX_IMPORTED_EVENT_BYTES} bytes (one payload)`);
  problems.push(...targetProblems(value.targets));
  if (problems.length > 0) throw new ImportFileError(`${where}: a delivery needs ${problems.join(', ')}`);
  const { kind: _kind, retry, ...view } = value;
  return { view: view as unknown as DeliveryView, window: retryWindowOf(retry, where) };
}

function checkAudience(value: Record<string, unknown>, where: string): ImportedAudience {
  const { name, definition, synced } = value;
  if (typeof name !== 'string' || !isObject(definition))
    throw new ImportFileError(`${where}: an audience needs its name (a string) and definition (an object)`);
  const checked = validate('audience', { ...definition, name });
  if (!checked.ok)
    throw new ImportFileError(
      `${where}: the audience's definition: ${checked.violations.map((v) => v.message).join('; ')}`,
    );
  if (synced !== null && !(Array.isArray(synced) && synced.every((id) => typeof id === 'string')))
    throw new ImportFileError(`${where}: an audience's synced must be null or a list of user ids`);
  return { name, definition, synced: synced === null ? undefined : (synced as string[]) };
}

interface ParsedExport {
  readonly clockNow: number;
  readonly events: ImportedEvent[];
  readonly deliveries: ImportedDelivery[];
  readonly audiences: ImportedAudience[];
}

/** Every line checked before anything is loaded, so a bad file changes nothing; errors name the line. */
export function parseExport(text: string, source: string): ParsedExport {
  const lines = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '');
  const first = lines[0];
  const header = first === undefined ? undefined : parseLine(first.line, `${source}:${first.number}`);
  if (header === undefined || header.kind !== EXPORT_FORMAT)
    throw new ImportFileError(
      `${source}: expected an export of GET /__harness/export, whose first line is {"kind":"${EXPORT_FORMAT}",...}; received ${header === undefined ? 'an empty file' : JSON.stringify(clipReceived(JSON.stringify(header)))}`,
    );
  const headerAt = `${source}:${first?.number ?? 1}`;
  if (typeof header.version !== 'number' || !READABLE_VERSIONS.has(header.version))
    throw new ImportFileError(
      `${headerAt}: export version ${JSON.stringify(header.version)} is not one this version reads; expected ${[...READABLE_VERSIONS].join(' or ')}`,
    );
  const clockNow =
    isObject(header.clock) && typeof header.clock.now === 'string' ? Date.parse(header.clock.now) : Number.NaN;
  if (Number.isNaN(clockNow)) throw new ImportFileError(`${headerAt}: the header needs clock.now, an ISO 8601 time`);
  const parsed: ParsedExport = { clockNow, events: [], deliveries: [], audiences: [] };
  for (const { line, number } of lines.slice(1)) {
    const where = `${source}:${number}`;
    const value = parseLine(line, where);
    if (value.kind === 'event') parsed.events.push(checkEvent(value, where));
    else if (value.kind === 'delivery') parsed.deliveries.push(checkDelivery(value, where));
    else if (value.kind === 'audience') parsed.audiences.push(checkAudience(value, where));
    else
      throw new ImportFileError(
        `${where}: expected a line of kind "event", "delivery" or "audience"; received kind ${JSON.stringify(value.kind)}`,
      );
  }
  return parsed;
}

/**
 * Loads an export (the NDJSON of GET /__harness/export) into a core, restoring the run it was taken of
 * (docs/runs.md, "Export and import"): on a fake clock the clock first, at the export's time; the journal entries as
 * they were (not processed again), and the messageIds they carry as seen, so a client's resend is a duplicate as it
 * would have been; the deliveries with their attempts, retry windows and next attempts, a pending one resumed on
 * its schedule (sent to targets rebuilt from this harness's configuration, never with the exported headers as
 * given); the audiences with what their last sync sent. Nothing is delivered at import.
 */
export async function importRun(core: ServiceCore, text: string, source: string): Promise<ImportSummary> {
  const { clockNow, events, deliveries, audiences } = parseExport(text, source);
  // The clock first: the restored retries are due on it, and entries age from it.
  if (isFakeClock(core.clock) && clockNow > core.clock.now()) await core.clock.advanceTo(clockNow);
  for (const { status, writeKey, event, reason } of events) {
    core.journal.record(status, writeKey, event, reason);
    if (SEEN.has(status) && typeof event.messageId === 'string')
      core.collection.rememberMessageId(writeKey, event.messageId);
  }
  for (const { name, definition, synced } of audiences) core.audiences.restore(name, definition, synced);
  for (const { view, window } of deliveries) {
    core.dispatcher.restore({ ...view, targets: importedTargets(core, view) }, window);
    if (view.state === 'pending') core.dispatcher.adopt(view.id, { walkNow: true });
  }
  return { events: events.length, deliveries: deliveries.length, audiences: audiences.length, clockNow };
}
