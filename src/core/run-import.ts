import { ImportFileError } from '../errors/import-file-error.js';
import { clipReceived } from '../errors/clip-received.js';
import type { DeliveryView } from '../actors/dispatcher/webhook-dispatcher.js';
import type { JournalStatus } from '../domain/journal/journal-entry.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from './run-export.js';
import type { ServiceCore } from './service-core.js';

const STATUSES = new Set(['accepted', 'rejected', 'duplicate', 'filtered']);
const STATES = new Set(['pending', 'delivered', 'failed', 'expired']);

export interface ImportSummary {
  readonly events: number;
  readonly deliveries: number;
  /** The harness time the export was taken at (epoch ms). */
  readonly clockNow: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkDelivery(value: Record<string, unknown>, where: string): DeliveryView {
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
  if (
    !Array.isArray(value.targets) ||
    value.targets.length === 0 ||
    !value.targets.every((target) => isObject(target) && typeof target.url === 'string' && isObject(target.headers))
  )
    problems.push('targets (a non-empty list of {url, headers})');
  if (problems.length > 0) throw new ImportFileError(`${where}: a delivery needs ${problems.join(', ')}`);
  return value as unknown as DeliveryView;
}

/**
 * Loads an export (the NDJSON of GET /__harness/export) into a core: journal entries are recorded as they
 * were (not processed again, so nothing is delivered twice) and deliveries are restored with their attempts.
 * Every line is checked before anything is loaded, so a bad file changes nothing; errors name the line.
 */
export function importRun(core: ServiceCore, text: string, source: string): ImportSummary {
  const lines = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '');
  const parsed = lines.map(({ line, number }) => {
    try {
      const value: unknown = JSON.parse(line);
      if (!isObject(value)) throw new Error('not an object');
      return { value, where: `${source}:${number}` };
    } catch (error) {
      throw new ImportFileError(
        `${source}:${number}: expected one JSON object per line; received ${JSON.stringify(clipReceived(line))} (${(error as Error).message})`,
      );
    }
  });
  const header = parsed[0];
  if (header === undefined || header.value.kind !== EXPORT_FORMAT) {
    throw new ImportFileError(
      `${source}: expected an export of GET /__harness/export, whose first line is {"kind":"${EXPORT_FORMAT}",...}; received ${header === undefined ? 'an empty file' : JSON.stringify(clipReceived(JSON.stringify(header.value)))}`,
    );
  }
  if (header.value.version !== EXPORT_VERSION)
    throw new ImportFileError(
      `${header.where}: export version ${JSON.stringify(header.value.version)} is not one this version reads; expected ${EXPORT_VERSION}`,
    );
  const clockNow =
    isObject(header.value.clock) && typeof header.value.clock.now === 'string'
      ? Date.parse(header.value.clock.now)
      : Number.NaN;
  if (Number.isNaN(clockNow))
    throw new ImportFileError(`${header.where}: the header needs clock.now, an ISO 8601 time`);
  const events: {
    status: JournalStatus;
    writeKey: string;
    event: Record<string, unknown>;
    reason: string | undefined;
  }[] = [];
  const deliveries: DeliveryView[] = [];
  for (const { value, where } of parsed.slice(1)) {
    if (value.kind === 'event') {
      if (typeof value.status !== 'string' || !STATUSES.has(value.status))
        throw new ImportFileError(
          `${where}: an event's status must be accepted, rejected, duplicate or filtered; received ${JSON.stringify(value.status)}`,
        );
      if (typeof value.writeKey !== 'string')
        throw new ImportFileError(
          `${where}: an event needs its writeKey (a string); received ${JSON.stringify(value.writeKey)}`,
        );
      if (!isObject(value.event))
        throw new ImportFileError(`${where}: an event needs the event object; received ${JSON.stringify(value.event)}`);
      if (value.reason !== undefined && typeof value.reason !== 'string')
        throw new ImportFileError(`${where}: reason must be a string; received ${JSON.stringify(value.reason)}`);
      events.push({
        status: value.status as JournalStatus,
        writeKey: value.writeKey,
        event: value.event,
        reason: value.reason,
      });
    } else if (value.kind === 'delivery') {
      deliveries.push(checkDelivery(value, where));
    } else {
      throw new ImportFileError(
        `${where}: expected a line of kind "event" or "delivery"; received kind ${JSON.stringify(value.kind)}`,
      );
    }
  }
  for (const { status, writeKey, event, reason } of events) core.journal.record(status, writeKey, event, reason);
  for (const delivery of deliveries) {
    const { kind: _kind, ...view } = delivery as DeliveryView & { kind?: string };
    core.dispatcher.restore(view);
  }
  return { events: events.length, deliveries: deliveries.length, clockNow };
}
