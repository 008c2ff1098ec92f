import { toIsoTime } from '../../contract/iso-time.js';
import { isCanonicalUtcDateTime } from '../../contract/date-time-format.js';

/** Identity fields real SDKs send as null when unknown, or as numbers (docs/decisions.md, "Fidelity"). */
type IdField = 'userId' | 'anonymousId' | 'groupId' | 'previousId';

// A date-time with a zone offset written without its colon (+0000, as analytics-go v2 sends) or as hours
// only (+05): both are ISO 8601 but not RFC 3339, so the schema's date-time format refuses them as written.
const OFFSET_WITHOUT_COLON = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-])(\d{2})(\d{2})?$/;

/**
 * A time in a form the real service reads but RFC 3339 does not, as the canonical ISO 8601 UTC form with
 * milliseconds; undefined when `value` is already RFC 3339 (left as sent) or is no time at all (left for
 * the schema to refuse with its reason).
 */
export function lenientTimestamp(value: string): string | undefined {
  // Every SDK's usual form ends in Z, which the offset form below never does: one character settles most.
  if (value.charCodeAt(value.length - 1) === 90 /* Z */ || isCanonicalUtcDateTime(value)) return undefined;
  const match = OFFSET_WITHOUT_COLON.exec(value);
  if (match === null) return undefined;
  const [, local, sign, hours, minutes] = match;
  const ms = Date.parse(`${(local as string).replace(/[t ]/, 'T')}${sign}${hours}:${minutes ?? '00'}`);
  return toIsoTime(ms);
}

function normalizeTimes(target: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) {
    const value = target[field];
    if (typeof value === 'string') normalizeTime(target, field, value);
  }
}

/**
 * Reads an event the way the real service does before judging it, IN PLACE (the caller owns the freshly parsed
 * object): a null identity counts as absent (analytics.js sends `userId: null` for anonymous users), a numeric
 * identity becomes its string (the Node SDKs accept numbers), a null messageId, timestamp, context or integrations
 * is none (the service fills each in), and times with `+0000`-style offsets become ISO 8601 UTC. Other optional
 * fields sent as null (page `category`, `name`, `properties`, `traits`, `sentAt`, `originalTimestamp`) are kept as
 * sent, as the schemas allow. An empty userId or anonymousId beside a real one is none (analytics-python's e2e CLI
 * sends the other as ""), and an empty array for context or integrations is none (analytics-php decodes {} as []).
 * Idempotent, so the journal's rebuild may run it again.
 */
export function normalizeReceivedEvent(event: Record<string, unknown>): Record<string, unknown> {
  // The identity fields, then the time fields a client may set, field by field: a loop reads `event[field]` with a variable key,
  // which V8 serves from its slow megamorphic path for every event; named reads are cached per shape.
  if (!isStringOrAbsent(event.userId)) normalizeId(event, 'userId');
  if (!isStringOrAbsent(event.anonymousId)) normalizeId(event, 'anonymousId');
  if (!isStringOrAbsent(event.groupId)) normalizeId(event, 'groupId');
  if (!isStringOrAbsent(event.previousId)) normalizeId(event, 'previousId');
  if (event.userId === '' && isNonEmptyString(event.anonymousId)) delete event.userId;
  else if (event.anonymousId === '' && isNonEmptyString(event.userId)) delete event.anonymousId;
  // Fields the service fills in when a call has none: null is read as none (docs/decisions.md, "Nulls").
  if (event.messageId === null) delete event.messageId;
  if (event.timestamp === null) delete event.timestamp;
  if (event.receivedAt === null) delete event.receivedAt;
  if (event.context === null || isEmptyArray(event.context)) delete event.context;
  if (event.integrations === null || isEmptyArray(event.integrations)) delete event.integrations;
  const { timestamp, originalTimestamp, sentAt, receivedAt } = event;
  if (typeof timestamp === 'string') normalizeTime(event, 'timestamp', timestamp);
  if (typeof originalTimestamp === 'string') normalizeTime(event, 'originalTimestamp', originalTimestamp);
  if (typeof sentAt === 'string') normalizeTime(event, 'sentAt', sentAt);
  if (typeof receivedAt === 'string') normalizeTime(event, 'receivedAt', receivedAt);
  return event;
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

function isStringOrAbsent(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function normalizeId(event: Record<string, unknown>, field: IdField): void {
  const value = event[field];
  if (value === null) delete event[field];
  else if (typeof value === 'number' && Number.isFinite(value)) event[field] = String(value);
}

function normalizeTime(target: Record<string, unknown>, field: string, value: string): void {
  const canonical = lenientTimestamp(value);
  if (canonical !== undefined) target[field] = canonical;
}

/** The same for a batch body's envelope: its `sentAt` in the forms above. */
export function normalizeEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  normalizeTimes(body, ['sentAt']);
  return body;
}
