import { isObject, routeKind } from '../../src/index.js';
import { markerOf } from './client-calls.js';
import type { RecordedRequest } from './request-log.js';

/** One event as a request carried it, with the batch envelope's context and integrations merged in (the event's own keys win, as the service does). */
export interface WireEvent {
  readonly request: RecordedRequest;
  readonly event: Readonly<Record<string, unknown>>;
  /** The event's `integrations`, or the envelope's when the event has none. */
  readonly integrations: unknown;
  /** The envelope's sentAt (batch routes), when there is one. */
  readonly sentAt: unknown;
  readonly marker: string | undefined;
}

/** The events of one request: its batch, or the one call of a single-call route (whose route sets the type). */
export function eventsOf(request: RecordedRequest): WireEvent[] {
  const body = request.body;
  if (!isObject(body)) return [];
  // The service's own route table: the route sets the type; batch, import and b carry a batch.
  const kind = routeKind(request.route);
  if (kind === 'batch') {
    if (!Array.isArray(body.batch)) return [];
    return body.batch.filter(isObject).map((event) => ({
      request,
      event,
      integrations: event.integrations ?? body.integrations,
      sentAt: event.sentAt ?? body.sentAt,
      marker: markerOf(event),
    }));
  }
  if (kind === undefined) return [];
  const event = { ...body, type: kind };
  return [{ request, event, integrations: body.integrations, sentAt: body.sentAt, marker: markerOf(event) }];
}

export function allEvents(requests: readonly RecordedRequest[]): WireEvent[] {
  return requests.flatMap(eventsOf);
}

export function isSuccess(request: RecordedRequest): boolean {
  return request.status !== undefined && request.status >= 200 && request.status < 300;
}

/** The write key a request carries: the Basic auth user name (the colon may be missing), else `writeKey` in the body. */
export function writeKeysOf(request: RecordedRequest): {
  readonly basic: string | undefined;
  readonly body: string | undefined;
} {
  const authorization = request.headers.authorization ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(authorization);
  let basic: string | undefined;
  if (match?.[1] !== undefined) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    basic = colon === -1 ? decoded : decoded.slice(0, colon);
  }
  const body = isObject(request.body) && typeof request.body.writeKey === 'string' ? request.body.writeKey : undefined;
  return { basic, body };
}

/** Requests in arrival order that carried the event of `marker`. */
export function requestsCarrying(requests: readonly RecordedRequest[], marker: string): RecordedRequest[] {
  return requests.filter((request) => eventsOf(request).some((e) => e.marker === marker));
}
