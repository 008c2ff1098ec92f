import { channelOf } from '../delivery/forwarded-fields.js';
import { parseTime, toIsoTime } from '../../contract/iso-time.js';
import { MAX_CLOCK_TIME, MIN_CLOCK_TIME } from '../../clock/clock-range.js';
import { isObject } from '../../contract/is-object.js';
import { GENERATED_ID_PREFIX, newKsuid } from './ksuid.js';

export interface Envelope {
  readonly context?: Record<string, unknown> | undefined;
  readonly integrations?: Record<string, unknown> | undefined;
  /** As the batch carried it: a time, or null (kept as sent). */
  readonly sentAt?: string | null | undefined;
  /** Date.parse(sentAt), parsed once per request rather than once per event. */
  readonly sentAtMs?: number | undefined;
}

/** The clock reading of one request, formatted once and shared by all its events. */
export interface ReceivedAt {
  readonly ms: number;
  readonly iso: string;
  /** The client's address, which the service writes as `context.ip` of a browser's event that has none. */
  readonly ip?: string | undefined;
}

/** The parts of a batch body merged into each of its events. */
export function envelopeOf(body: Record<string, unknown>): Envelope {
  const { context, integrations, sentAt } = body;
  return {
    context: isObject(context) ? context : undefined,
    integrations: isObject(integrations) ? integrations : undefined,
    sentAt: typeof sentAt === 'string' || sentAt === null ? sentAt : undefined,
    sentAtMs: typeof sentAt === 'string' ? parseTime(sentAt) : undefined,
  };
}

/** The integrations map an event has once enriched: the batch's, with the event's own keys winning. */
export function mergedIntegrations(own: unknown, batch: Record<string, unknown> | undefined): unknown {
  if (batch === undefined) return own;
  return isObject(own) ? { ...batch, ...own } : { ...batch };
}

/** Gives the messageId of an event that came without one (the index is the event's place in its request). */
export interface MessageIdSource {
  generatedMessageId(index: number): string;
}

/**
 * docs/decisions.md enrichment: a messageId when missing (`api-` + a KSUID, unless `ids` gives them), receivedAt
 * from the clock, envelope context and integrations merged in (the event's own keys win), the envelope's sentAt
 * when the event has none, and clock-skew correction `timestamp = receivedAt - (sentAt - originalTimestamp)`
 * keeping the client's value as originalTimestamp. sentAt and originalTimestamp are only ever what the call
 * carried: a call without a time of its own is delivered with neither (docs/decisions.md, "Fidelity").
 *
 * Enriches `event` IN PLACE and returns it: the caller hands over an object freshly parsed from the request
 * body that nobody else holds, and copying every event was the largest cost of the collection hot path.
 */
export function enrichEvent(
  event: Record<string, unknown>,
  envelope: Envelope,
  receivedAt: ReceivedAt,
  ids?: MessageIdSource,
  index = 0,
): Record<string, unknown> {
  if (event.writeKey !== undefined) delete event.writeKey;
  const messageId = event.messageId;
  if (typeof messageId !== 'string' || messageId === '')
    event.messageId = ids === undefined ? GENERATED_ID_PREFIX + newKsuid(receivedAt.ms) : ids.generatedMessageId(index);
  event.receivedAt = receivedAt.iso;
  mergeEnvelope(event, envelope, receivedAt);
  correctTimestamp(event, envelope, receivedAt);
  return event;
}

/** The envelope's context and integrations under the event's own keys, and the client's address for a browser. */
function mergeEnvelope(event: Record<string, unknown>, envelope: Envelope, receivedAt: ReceivedAt): void {
  const ownContext = event.context;
  if (envelope.context !== undefined)
    event.context = isObject(ownContext) ? { ...envelope.context, ...ownContext } : { ...envelope.context };
  if (receivedAt.ip !== undefined) {
    // Client-side events only: the browser SDK does not know its own IP; server SDKs' events stay as sent.
    const context = event.context;
    if (isObject(context) && context.ip === undefined && channelOf(context.library) === 'browser')
      context.ip = receivedAt.ip;
  }
  if (envelope.integrations !== undefined)
    event.integrations = mergedIntegrations(event.integrations, envelope.integrations);
}

/**
 * sentAt (the envelope's for an event without its own) and the clock-skew correction of the timestamp, keeping the
 * client's time as originalTimestamp; an event without a time of its own gets the time received.
 */
function correctTimestamp(event: Record<string, unknown>, envelope: Envelope, receivedAt: ReceivedAt): void {
  // The envelope's sentAt stands for every event that carried none, whether or not the event has a time.
  const ownSentAt = event.sentAt;
  if (ownSentAt === undefined && envelope.sentAt !== undefined) event.sentAt = envelope.sentAt;
  const sentAt = event.sentAt;
  const timestamp = event.timestamp;
  const original = event.originalTimestamp;
  const clientTime = typeof timestamp === 'string' ? timestamp : typeof original === 'string' ? original : undefined;
  if (clientTime === undefined) {
    event.timestamp = receivedAt.iso;
    return;
  }
  const clientMs = parseTime(clientTime);
  const sentMs =
    typeof sentAt !== 'string'
      ? Number.NaN
      : ownSentAt === undefined
        ? (envelope.sentAtMs ?? parseTime(sentAt))
        : parseTime(sentAt);
  event.originalTimestamp = clientTime;
  // A correction that leaves years 0000-9999 (a sentAt or timestamp at the edge of time) is not applied: the
  // client's own time stands if it is in range, else the time received, so every delivered timestamp can be read.
  const correctedMs = Number.isNaN(sentMs) ? clientMs : receivedAt.ms - (sentMs - clientMs);
  const inRange = (ms: number) => ms >= MIN_CLOCK_TIME && ms <= MAX_CLOCK_TIME;
  const chosen = inRange(correctedMs) ? correctedMs : inRange(clientMs) ? clientMs : receivedAt.ms;
  event.timestamp = toIsoTime(chosen) ?? receivedAt.iso;
}
