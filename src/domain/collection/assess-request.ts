import { compiledValidator, toViolations } from '../../contract/validators.js';
import { isObject } from '../../contract/is-object.js';
import { MAX_BATCH_EVENTS } from '../../contract/spec-limits.js';
import { clipReceived } from '../../errors/clip-received.js';
import { HarnessError } from '../../errors/harness-error.js';
import { InvalidBodyError } from '../../errors/collection-errors.js';
import type { SchemaViolation } from '../../errors/schema-violation.js';
import { ACTIONS_WEBHOOKS_DESTINATION } from '../routing/destination-name.js';
import { isDestinationEnabled } from '../routing/is-destination-enabled.js';
import type { HeaderMap } from './collection-exchange.js';
import { routeKind, type RouteKind } from './collection-routes.js';
import { decodeBody, requestMediaType, type DecodedBody } from './decode-body.js';
import { envelopeOf, mergedIntegrations, type Envelope } from './enrich-event.js';
import { checkEventSize, mayHoldOversizedEvent } from './event-size.js';
import { normalizeEnvelope, normalizeReceivedEvent } from './normalize-received-event.js';
import { strictOnlyViolations } from './strict-rules.js';

/** Bits of AssessedEvents.destinations: the event's integrations map (merged with the batch's) lets it through to... */
export const TO_WEBHOOKS = 1;
export const TO_ACTIONS_WEBHOOKS = 2;

/** The body as parsed and normalised, where it was parsed: the service enriches these events in place. */
export interface ParsedRequest {
  readonly decoded: DecodedBody;
  /** The batch's context, integrations and sentAt (nothing for a single call). */
  readonly envelope: Envelope;
  /** Each event as sent (a single call's with the type its route sets), normalised. */
  readonly events: unknown[];
}

/**
 * What the journal indexes of each event and where each may go, as flat lists (one place per event), so they cross
 * to another thread as a few arrays. An event that breaks a rule has undefined fields here.
 */
export interface AssessedEvents {
  /** The client's messageId of each event (undefined: the service generates one). */
  readonly messageIds: readonly (string | undefined)[];
  readonly userIds: readonly (string | undefined)[];
  readonly previousIds: readonly (string | undefined)[];
  readonly types: readonly (string | undefined)[];
  /** TO_WEBHOOKS | TO_ACTIONS_WEBHOOKS of each event. */
  readonly destinations: readonly number[];
}

/**
 * Everything the collection service learns of a request before it looks at any state (a source, the dedup memory,
 * the journal): the first stage of the collection pipeline. Pure, and alike in every mode: each failure is kept
 * where it was found, and the service judges them in the order it answers them, with its own mode (strict or not)
 * and its sources. So an ingest thread can assess a request beside the thread that keeps the state.
 */
export interface RequestAssessment {
  /** 'batch', or the message type a single-call route sets; undefined for a path that is no collection route. */
  readonly kind: RouteKind | undefined;
  /** The media type the request names (strict mode reads only JSON and text/plain). */
  readonly mediaType: string | undefined;
  /** Why the body cannot be read at all (encoding, size, depth, bad JSON, not an object): found before its key. */
  readonly unreadable: HarnessError | undefined;
  /** The writeKey the body names, if any (Basic auth comes first). */
  readonly bodyKey: string | undefined;
  /** A batch body without `batch` (read as an empty batch; strict mode refuses it). */
  readonly batchMissing: boolean;
  /** Why the request's shape is refused (a batch that is no array, an invalid envelope, an event over 32 KiB). */
  readonly malformed: HarnessError | undefined;
  readonly events: AssessedEvents;
  /** Per event, the schema rules it breaks; undefined when every event keeps every rule. */
  readonly violations: readonly (readonly SchemaViolation[] | undefined)[] | undefined;
  /** Per event, what strict mode refuses beyond the schemas (strict-rules.ts); undefined when no event has any. */
  readonly strictViolations: readonly (readonly SchemaViolation[] | undefined)[] | undefined;
  /** The parsed body, on the thread that parsed it; undefined for an assessment another thread made. */
  readonly parsed: ParsedRequest | undefined;
}

const envelopeValidator = compiledValidator('batch');
const messageValidator = compiledValidator('collection-message');
const NO_ENVELOPE: Envelope = Object.freeze({});
const NO_EVENTS: AssessedEvents = Object.freeze({
  messageIds: [],
  userIds: [],
  previousIds: [],
  types: [],
  destinations: [],
});

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A failure of reading, as the service answers it; anything else is a bug and is thrown. */
function asHarnessError(error: unknown): HarnessError {
  if (error instanceof HarnessError) return error;
  throw error;
}

function unassessed(
  kind: RouteKind | undefined,
  mediaType: string | undefined,
  unreadable: HarnessError | undefined,
): RequestAssessment {
  return {
    kind,
    mediaType,
    unreadable,
    bodyKey: undefined,
    batchMissing: false,
    malformed: undefined,
    events: NO_EVENTS,
    violations: undefined,
    strictViolations: undefined,
    parsed: undefined,
  };
}

/** The request's events and envelope, and what is wrong with its shape, before any event is judged. */
interface Shape {
  readonly envelope: Envelope;
  readonly events: unknown[];
  readonly batchMissing: boolean;
  readonly malformed: HarnessError | undefined;
}

/** A batch body: `batch` (null or absent read as empty), its envelope normalised and checked against the schema. */
function batchShape(body: Record<string, unknown>): Shape {
  const batchMissing = body.batch === undefined;
  // analytics.js and other SDKs send "batch": null (or no batch) when there is nothing to send.
  const batch = body.batch === null || batchMissing ? [] : body.batch;
  if (!Array.isArray(batch)) {
    const received = clipReceived(JSON.stringify(batch) ?? String(batch), 60);
    const malformed = new InvalidBodyError(`/batch must be an array of events; received ${received}`);
    return { envelope: NO_ENVELOPE, events: [], batchMissing, malformed };
  }
  body.batch = batch;
  normalizeEnvelope(body);
  return { envelope: envelopeOf(body), events: batch, batchMissing, malformed: undefined };
}

/** What the batch schema refuses of the envelope, its length aside (the service answers that itself). */
function envelopeFailure(body: Record<string, unknown>): HarnessError | undefined {
  if (envelopeValidator(body) === true) return undefined;
  const errors = (envelopeValidator.errors ?? []).filter(
    (e) => !(e.keyword === 'maxItems' && e.instancePath === '/batch'),
  );
  const violations = toViolations(errors);
  if (violations.length === 0) return undefined;
  return new InvalidBodyError(`the batch envelope is invalid: ${violations.map((v) => v.message).join('; ')}`);
}

/** The first event over 32 KiB (each measured as sent), when the request may hold one. */
function oversizedEvent(
  kind: RouteKind,
  body: Record<string, unknown>,
  events: readonly unknown[],
  decoded: DecodedBody,
): HarnessError | undefined {
  if (!mayHoldOversizedEvent(decoded)) return undefined;
  try {
    // A single call is measured as the client sent it, before the route sets its type.
    if (kind !== 'batch') checkEventSize(body, '');
    else for (const [i, event] of events.entries()) checkEventSize(event, `/batch/${i}`);
    return undefined;
  } catch (error) {
    return asHarnessError(error);
  }
}

/** The shape of a parsed body, for its route: a batch's events, or the single call with its type set. */
function shapeOf(kind: RouteKind, body: Record<string, unknown>, decoded: DecodedBody): Shape {
  if (kind !== 'batch') {
    const malformed = oversizedEvent(kind, body, [], decoded);
    return { envelope: NO_ENVELOPE, events: [{ ...body, type: kind }], batchMissing: false, malformed };
  }
  const shape = batchShape(body);
  if (shape.malformed !== undefined) return shape;
  const malformed = envelopeFailure(body) ?? oversizedEvent(kind, body, shape.events, decoded);
  return malformed === undefined ? shape : { ...shape, malformed };
}

interface EventVerdicts {
  readonly events: AssessedEvents;
  readonly violations: (readonly SchemaViolation[] | undefined)[] | undefined;
  readonly strictViolations: (readonly SchemaViolation[] | undefined)[] | undefined;
}

/** Normalises each event in place and checks it against the schema: its index fields, or what it breaks. */
function judgeEvents(events: readonly unknown[], envelope: Envelope): EventVerdicts {
  const messageIds: (string | undefined)[] = [];
  const userIds: (string | undefined)[] = [];
  const previousIds: (string | undefined)[] = [];
  const types: (string | undefined)[] = [];
  const destinations: number[] = [];
  let violations: (readonly SchemaViolation[] | undefined)[] | undefined;
  let strictViolations: (readonly SchemaViolation[] | undefined)[] | undefined;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (isObject(event)) normalizeReceivedEvent(event);
    // Every event goes through the validator, so its errors are always this event's.
    if (messageValidator(event) !== true || !isObject(event)) {
      (violations ??= [])[i] = toViolations(messageValidator.errors ?? []);
      messageIds.push(undefined);
      userIds.push(undefined);
      previousIds.push(undefined);
      types.push(undefined);
      destinations.push(0);
      continue;
    }
    const strictOnly = strictOnlyViolations(event);
    if (strictOnly !== undefined) (strictViolations ??= [])[i] = strictOnly;
    const messageId = event.messageId;
    messageIds.push(typeof messageId === 'string' && messageId !== '' ? messageId : undefined);
    userIds.push(text(event.userId));
    previousIds.push(text(event.previousId));
    types.push(text(event.type));
    destinations.push(destinationsOf(mergedIntegrations(event.integrations, envelope.integrations)));
  }
  return { events: { messageIds, userIds, previousIds, types, destinations }, violations, strictViolations };
}

function destinationsOf(integrations: unknown): number {
  return (
    (isDestinationEnabled(integrations) ? TO_WEBHOOKS : 0) |
    (isDestinationEnabled(integrations, ACTIONS_WEBHOOKS_DESTINATION) ? TO_ACTIONS_WEBHOOKS : 0)
  );
}

/** Decodes the body whatever its media type (strict mode's 415 is the service's to answer): the value, or why not. */
function decoded(body: Uint8Array | string, headers: HeaderMap): DecodedBody | HarnessError {
  try {
    return decodeBody(body, headers['content-type'], headers['content-encoding'], { anyMediaType: true });
  } catch (error) {
    return asHarnessError(error);
  }
}

function notAnObject(value: unknown): InvalidBodyError {
  const received = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
  return new InvalidBodyError(`the body must be a JSON object; received ${received}`);
}

/**
 * Assesses a collection request: decodes the body (gzip undone, the 500 KiB and depth bounds), parses it, normalises
 * its envelope and events in place, checks them against the schemas and the size limit, and reads what the journal
 * indexes and the integrations map of each. Never throws for what is wrong with the request: the assessment says it.
 */
export function assessRequest(route: string, body: Uint8Array | string, headers: HeaderMap): RequestAssessment {
  const kind = routeKind(route);
  const mediaType = requestMediaType(headers['content-type']);
  if (kind === undefined) return unassessed(kind, mediaType, undefined);
  const read = decoded(body, headers);
  if (read instanceof HarnessError) return unassessed(kind, mediaType, read);
  const value = read.value;
  if (!isObject(value)) return unassessed(kind, mediaType, notAnObject(value));
  const bodyKey = typeof value.writeKey === 'string' && value.writeKey !== '' ? value.writeKey : undefined;
  const shape = shapeOf(kind, value, read);
  const verdicts = shape.malformed === undefined ? judgeEvents(shape.events, shape.envelope) : undefined;
  return {
    kind,
    mediaType,
    unreadable: undefined,
    bodyKey,
    batchMissing: shape.batchMissing,
    malformed: shape.malformed,
    events: verdicts?.events ?? NO_EVENTS,
    violations: verdicts?.violations,
    strictViolations: verdicts?.strictViolations,
    parsed: { decoded: read, envelope: shape.envelope, events: shape.events },
  };
}

/**
 * The parsed body of a request another thread assessed: decoded, parsed and normalised as assessRequest does, without
 * checking anything again (the assessment holds the verdicts). For when the service needs the events as objects.
 */
export function parseAssessedRequest(kind: RouteKind, body: Uint8Array | string, headers: HeaderMap): ParsedRequest {
  const read = decodeBody(body, headers['content-type'], headers['content-encoding'], { anyMediaType: true });
  const value = read.value;
  if (!isObject(value)) throw notAnObject(value);
  const shape = kind === 'batch' ? batchShape(value) : { envelope: NO_ENVELOPE, events: [{ ...value, type: kind }] };
  for (const event of shape.events) if (isObject(event)) normalizeReceivedEvent(event);
  return { decoded: read, envelope: shape.envelope, events: shape.events };
}

/** The events of a request: more than a batch may hold is refused (strict) or journaled as rejected. */
export function isOverlong(assessment: RequestAssessment): boolean {
  return assessment.events.messageIds.length > MAX_BATCH_EVENTS;
}
