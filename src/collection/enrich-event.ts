import { randomUUID } from 'node:crypto';

export interface Envelope {
  readonly context?: Record<string, unknown> | undefined;
  readonly integrations?: Record<string, unknown> | undefined;
  readonly sentAt?: string | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function toIso(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  try {
    return new Date(ms).toISOString();
  } catch {
    return undefined;
  }
}

/**
 * DESIGN 2 enrichment: a messageId when missing, receivedAt from the clock, envelope context and
 * integrations merged in (the event's own keys win), and clock-skew correction
 * `timestamp = receivedAt - (sentAt - originalTimestamp)` keeping the client's value as originalTimestamp.
 */
export function enrichEvent(event: Record<string, unknown>, envelope: Envelope, receivedAtMs: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...event };
  delete out.writeKey;
  if (typeof out.messageId !== 'string' || out.messageId === '') out.messageId = randomUUID();
  const receivedAt = new Date(receivedAtMs).toISOString();
  out.receivedAt = receivedAt;
  if (envelope.context !== undefined) out.context = { ...envelope.context, ...(isObject(event.context) ? event.context : {}) };
  if (envelope.integrations !== undefined) out.integrations = { ...envelope.integrations, ...(isObject(event.integrations) ? event.integrations : {}) };

  const clientTime = typeof event.timestamp === 'string' ? event.timestamp : typeof event.originalTimestamp === 'string' ? event.originalTimestamp : undefined;
  const sentAt = typeof event.sentAt === 'string' ? event.sentAt : envelope.sentAt;
  if (clientTime === undefined) {
    out.timestamp = receivedAt;
    return out;
  }
  const clientMs = Date.parse(clientTime);
  const sentMs = sentAt === undefined ? Number.NaN : Date.parse(sentAt);
  out.originalTimestamp = clientTime;
  if (sentAt !== undefined) out.sentAt = sentAt;
  const corrected = Number.isNaN(sentMs) ? toIso(clientMs) : toIso(receivedAtMs - (sentMs - clientMs));
  out.timestamp = corrected ?? receivedAt;
  return out;
}
