import { toIsoTime } from '../../contract/iso-time.js';
import { isCanonicalUtcDateTime } from '../../contract/date-time-format.js';

/** Identity fields real SDKs send as null when unknown, or as numbers (docs/decisions.md, "Fidelity"). */
const ID_FIELDS = ['userId', 'anonymousId', 'groupId', 'previousId'] as const;
/** Time fields a client may set; the service reads each in the forms below. */
const TIME_FIELDS = ['timestamp', 'originalTimestamp', 'sentAt', 'receivedAt'] as const;

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
    if (typeof value !== 'string') continue;
    const canonical = lenientTimestamp(value);
    if (canonical !== undefined) target[field] = canonical;
  }
}

/**
 * Reads an event the way the real service does before judging it, IN PLACE (the caller owns the freshly parsed
 * object): a null identity counts as absent (analytics.js sends `userId: null` for anonymous users), a numeric
 * identity becomes its string (the Node SDKs accept numbers), and times with `+0000`-style offsets become
 * ISO 8601 UTC. Idempotent, so the journal's rebuild may run it again.
 */
export function normalizeReceivedEvent(event: Record<string, unknown>): Record<string, unknown> {
  for (const field of ID_FIELDS) {
    const value = event[field];
    if (value === undefined || typeof value === 'string') continue;
    if (value === null) delete event[field];
    else if (typeof value === 'number' && Number.isFinite(value)) event[field] = String(value);
  }
  normalizeTimes(event, TIME_FIELDS);
  return event;
}

/** The same for a batch body's envelope: its `sentAt` in the forms above. */
export function normalizeEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  normalizeTimes(body, ['sentAt']);
  return body;
}
