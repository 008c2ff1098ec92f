import type { Clock } from '../../clock/clock.js';
import { clipReceived } from '../../errors/clip-received.js';
import type { SchemaViolation } from '../../errors/schema-violation.js';
import { compiledValidator, toViolations } from '../../contract/validators.js';
import {
  BatchTooLongError,
  InvalidBodyError,
  InvalidEventsError,
  MissingWriteKeyError,
  UnknownWriteKeyError,
} from '../../errors/collection-errors.js';
import { HarnessError } from '../../errors/harness-error.js';
import { RouteNotFoundError } from '../../errors/server-errors.js';
import type { EventJournal } from '../journal/event-journal.js';
import { isDestinationEnabled } from '../routing/is-destination-enabled.js';
import { ACTIONS_WEBHOOKS_DESTINATION } from '../routing/destination-name.js';
import type { SourceRegistry } from '../sources/source-registry.js';
import type { SourceConfig } from '../../contract/generated/wire-types.js';
import { BoundedIdSet } from './bounded-id-set.js';
import { recordValidEvent } from './record-valid-event.js';
import { prefixed } from './prefixed-violations.js';
import { strictOnlyViolations } from './strict-rules.js';
import { type RequestAssessment, TO_ACTIONS_WEBHOOKS, TO_WEBHOOKS } from './assess-request.js';
import { MAX_BATCH_EVENTS } from '../../contract/spec-limits.js';
import { routeKind } from './collection-routes.js';
import { decodeBody } from './decode-body.js';
import { checkEventSize, mayHoldOversizedEvent } from './event-size.js';
import {
  type AcceptedListener,
  type CollectionRequest,
  type CollectionResponse,
  errorResponse,
  SUCCESS_RESPONSE,
} from './collection-exchange.js';
import { enrichEvent, envelopeOf, mergedIntegrations, type Envelope } from './enrich-event.js';
import { RequestOrigin } from './request-origin.js';
import { SharedReceivedAt } from './shared-received-at.js';
import { writeKeyFromAuthorization } from './read-write-key.js';
import { normalizeEnvelope, normalizeReceivedEvent } from './normalize-received-event.js';
import { isObject } from '../../contract/is-object.js';

export type {
  AcceptedEvent,
  AcceptedListener,
  CollectionRequest,
  CollectionResponse,
  HeaderMap,
} from './collection-exchange.js';
export { errorResponse, SUCCESS_RESPONSE } from './collection-exchange.js';

export interface CollectionServiceOptions {
  readonly clock: Clock;
  readonly journal: EventJournal;
  readonly sources: SourceRegistry;
  /** Answer 400 listing every violation instead of journaling invalid events as rejected. */
  readonly strict?: boolean;
  /** messageIds remembered per source for dedup. Default 100,000. */
  readonly dedupCapacity?: number;
}

const NO_ENVELOPE: Envelope = Object.freeze({});

/** Which sources' accepted events a listener takes (see CollectionService.onAccepted). */
export type SourceFilter = (source: SourceConfig) => boolean;

/**
 * The collection API as a pure request -> response function over the journal and sources, so the Hapi
 * server and the msw handlers are thin adapters that cannot disagree.
 */
export class CollectionService {
  readonly #clock: Clock;
  readonly #journal: EventJournal;
  readonly #receivedAt = new SharedReceivedAt();
  readonly #sources: SourceRegistry;
  #strict: boolean;
  readonly #dedupCapacity: number;
  readonly #seen = new Map<string, BoundedIdSet>();
  readonly #listeners = new Set<{ readonly listener: AcceptedListener; readonly wants?: SourceFilter }>();
  readonly #envelopeValidator = compiledValidator('batch');
  readonly #messageValidator = compiledValidator('collection-message');

  constructor(options: CollectionServiceOptions) {
    this.#clock = options.clock;
    this.#journal = options.journal;
    this.#sources = options.sources;
    this.#strict = options.strict ?? false;
    this.#dedupCapacity = options.dedupCapacity ?? 100_000;
  }

  get strict(): boolean {
    return this.#strict;
  }

  set strict(value: boolean) {
    this.#strict = value;
  }

  /**
   * Called for every accepted event that the integrations map lets through to the Webhooks destination; with
   * `wants`, only for the events of the sources it names (the others need not be enriched as they arrive).
   */
  onAccepted(listener: AcceptedListener, wants?: SourceFilter): () => void {
    const entry = wants === undefined ? { listener } : { listener, wants };
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  #wantsLiveEvents(source: SourceConfig): boolean {
    for (const { wants } of this.#listeners) if (wants === undefined || wants(source)) return true;
    return false;
  }

  /**
   * Remembers a messageId as seen for a write key, as accepting its event would have: an import restoring a run, or
   * another node sharing the store that accepted it. Later events with it are duplicates, within the same window (the
   * last `dedupCapacity` ids per write key). Only keys this service knows get a memory.
   */
  rememberMessageId(writeKey: string, messageId: string): void {
    let seen = this.#seen.get(writeKey);
    if (seen === undefined) {
      if (this.#sources.resolve(writeKey) === undefined) return;
      this.#seen.set(writeKey, (seen = new BoundedIdSet(this.#dedupCapacity)));
    }
    seen.add(messageId);
  }

  /** Forgets the messageIds seen for one write key (its zero-config source was evicted). */
  forgetWriteKey(writeKey: string): void {
    this.#seen.delete(writeKey);
  }

  /** Forgets the messageIds seen (the journal is cleared by its owner). */
  reset(): void {
    this.#seen.clear();
  }

  handle(request: CollectionRequest): CollectionResponse {
    try {
      return this.#handle(request);
    } catch (error) {
      if (error instanceof HarnessError)
        return errorResponse(error, error instanceof InvalidEventsError ? { errors: error.violations } : {});
      throw error;
    }
  }

  /**
   * Takes a request another thread decoded and checked (assessRequest): it journals the events from the assessment
   * and the body's bytes, as #handle journals an accepted request of a source nothing reads events of now, without
   * parsing it. Undefined when it cannot (strict mode, a refused key, a source whose events are read at once, a
   * journal that keeps event objects): then `handle` takes the request as usual.
   */
  handleAssessed(request: CollectionRequest, assessed: RequestAssessment): CollectionResponse | undefined {
    const authorization = request.headers.authorization;
    const key =
      writeKeyFromAuthorization(typeof authorization === 'string' ? authorization : authorization?.[0]) ??
      assessed.bodyKey;
    const source = key === undefined || this.#strict ? undefined : this.#sources.resolve(key);
    const bytes = request.body;
    const journal = this.#journal;
    if (source === undefined || typeof bytes === 'string' || !journal.rebuildsFromOrigins) return undefined;
    if (this.#wantsLiveEvents(source)) return undefined;
    const { writeKey } = source;
    const receivedAt = this.#receivedAt.at(this.#clock.now(), request.remoteAddress);
    let seen = this.#seen.get(writeKey);
    if (seen === undefined) this.#seen.set(writeKey, (seen = new BoundedIdSet(this.#dedupCapacity)));
    const origin = new RequestOrigin('', assessed.kind, receivedAt, bytes, request.bodyOwned === true);
    const { messageIds, userIds, previousIds, types, destinations } = assessed;
    for (let i = 0; i < messageIds.length; i++) {
      const clientId = messageIds[i];
      // What the journal indexes of the event; readers get it rebuilt, enriched, from the origin.
      const event = { type: types[i], userId: userIds[i], previousId: previousIds[i], messageId: clientId };
      const at = { origin, index: i, messageIdGenerated: clientId === undefined, unenriched: true };
      const to = destinations[i] ?? 0;
      const toActions = (to & TO_ACTIONS_WEBHOOKS) !== 0;
      recordValidEvent(journal, seen, source, writeKey, event, clientId, (to & TO_WEBHOOKS) !== 0, toActions, at);
    }
    return SUCCESS_RESPONSE;
  }

  #handle(request: CollectionRequest): CollectionResponse {
    const kind = routeKind(request.route);
    if (kind === undefined || (request.method !== undefined && request.method.toUpperCase() !== 'POST')) {
      throw new RouteNotFoundError(request.method ?? 'POST', `/v1/${request.route}`);
    }
    const strict = this.#strict;
    const decoded = decodeBody(request.body, request.headers['content-type'], request.headers['content-encoding'], {
      anyMediaType: !strict,
    });
    const parsed = decoded.value;
    if (!isObject(parsed))
      throw new InvalidBodyError(
        `the body must be a JSON object; received ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`}`,
      );

    // The real service answers 200 to a request it will not take for an unknown key or its length, and drops its
    // events (docs/decisions.md, "Fidelity"): here they are journaled as rejected with this reason instead.
    let refusal: string | undefined;
    const authorization = request.headers.authorization;
    const bodyKey = typeof parsed.writeKey === 'string' && parsed.writeKey !== '' ? parsed.writeKey : undefined;
    let writeKey =
      writeKeyFromAuthorization(typeof authorization === 'string' ? authorization : authorization?.[0]) ?? bodyKey;
    // No key, or an empty one: 400 in every mode, as the real API answers it (docs/decisions.md), nothing journaled.
    if (writeKey === undefined) throw new MissingWriteKeyError();
    const source = this.#sources.resolve(writeKey);
    // The source's own copy of the key (equal): the journal then holds one string per source, not one per request.
    if (source !== undefined) writeKey = source.writeKey;
    if (source === undefined) {
      const error = new UnknownWriteKeyError(writeKey, this.#sources.writeKeys());
      if (strict) throw error;
      refusal = error.message;
    }

    let events: unknown[];
    let envelope: Envelope;
    const isBatch = kind === 'batch';
    if (isBatch) {
      // analytics.js and other SDKs send "batch": null (or no batch) when there is nothing to send.
      const batch = parsed.batch === null || (parsed.batch === undefined && !strict) ? [] : parsed.batch;
      if (!Array.isArray(batch))
        throw new InvalidBodyError(
          `/batch must be an array of events; received ${batch === undefined ? 'nothing' : clipReceived(JSON.stringify(batch) ?? String(batch), 60)}`,
        );
      if (batch.length > MAX_BATCH_EVENTS) {
        const error = new BatchTooLongError(batch.length, MAX_BATCH_EVENTS);
        if (strict) throw error;
        refusal ??= error.message;
      }
      parsed.batch = batch;
      normalizeEnvelope(parsed);
      if (this.#envelopeValidator(parsed) !== true) {
        const violations = toViolations(
          (this.#envelopeValidator.errors ?? []).filter(
            (e) => !(refusal !== undefined && e.keyword === 'maxItems' && e.instancePath === '/batch'),
          ),
        );
        if (violations.length > 0)
          throw new InvalidBodyError(`the batch envelope is invalid: ${violations.map((v) => v.message).join('; ')}`);
      }
      events = batch;
      envelope = envelopeOf(parsed);
    } else {
      // The size limit applies to the event as the client sent it, before the route sets its type.
      if (mayHoldOversizedEvent(decoded)) checkEventSize(parsed, '');
      events = [{ ...parsed, type: kind }];
      envelope = NO_ENVELOPE;
    }

    // Sizes and validity are checked for the whole request before anything is journaled, so a refused
    // request leaves no trace and a client's retry cannot create duplicates. No event can be longer than the
    // request text unless the text holds exponent numbers, so small requests skip serializing each event.
    const checkSizes = isBatch && mayHoldOversizedEvent(decoded);
    let verdicts: (readonly SchemaViolation[] | undefined)[] | undefined;
    let strictViolations: SchemaViolation[] | undefined;
    const validator = this.#messageValidator;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (checkSizes) checkEventSize(event, `/batch/${i}`);
      if (isObject(event)) normalizeReceivedEvent(event);
      if (validator(event) === true) {
        const strictOnly = strict && isObject(event) ? strictOnlyViolations(event) : undefined;
        if (strictOnly !== undefined)
          (strictViolations ??= []).push(...prefixed(strictOnly, isBatch ? `/batch/${i}` : ''));
        continue;
      }
      const violations = toViolations(validator.errors ?? []);
      (verdicts ??= [])[i] = violations;
      if (this.#strict) (strictViolations ??= []).push(...prefixed(violations, isBatch ? `/batch/${i}` : ''));
    }
    if (strictViolations !== undefined) throw new InvalidEventsError(strictViolations);

    const nowMs = this.#clock.now();
    const receivedAt = this.#receivedAt.at(nowMs, request.remoteAddress);
    // A refused request's key gets no dedup memory: unknown keys must not grow it.
    let seen = this.#seen.get(writeKey);
    if (seen === undefined && refusal === undefined)
      this.#seen.set(writeKey, (seen = new BoundedIdSet(this.#dedupCapacity)));
    const journal = this.#journal;
    // The journal keeps the request text and rebuilds an event when asked, rather than holding its objects.
    const handedOver = request.bodyOwned === true && decoded.bytes === request.body;
    const origin = new RequestOrigin(decoded.text, isBatch ? 'batch' : kind, receivedAt, decoded.bytes, handedOver);
    // Enriching an event in place cost a tenth of the request: skipped when nothing reads the object now (no
    // destination of the source takes events) and the journal rebuilds it, enriched, for whoever reads it later.
    const lazy = source !== undefined && journal.rebuildsFromOrigins && !this.#wantsLiveEvents(source);
    for (let i = 0; i < events.length; i++) {
      const raw = events[i];
      const violations = verdicts?.[i];
      if (refusal !== undefined || violations !== undefined) {
        const clientId = isObject(raw) ? raw.messageId : undefined;
        const stored = isObject(raw) ? enrichEvent(raw, envelope, receivedAt, origin, i) : { value: raw };
        const generated = isObject(raw) && !(typeof clientId === 'string' && clientId !== '');
        const reasons = [...(refusal !== undefined ? [refusal] : []), ...(violations ?? []).map((v) => v.message)];
        journal.record('rejected', writeKey, stored, reasons.join('; '), {
          origin,
          index: i,
          messageIdGenerated: generated,
        });
        continue;
      }
      const ownId = (raw as Record<string, unknown>).messageId;
      const clientId = typeof ownId === 'string' && ownId !== '' ? ownId : undefined;
      // Enriched only when a destination takes the event now; else readers rebuild it enriched from the origin.
      const event = lazy
        ? (raw as Record<string, unknown>)
        : enrichEvent(raw as Record<string, unknown>, envelope, receivedAt, origin, i);
      const at = lazy
        ? { origin, index: i, messageIdGenerated: clientId === undefined, unenriched: true }
        : { origin, index: i, messageIdGenerated: clientId === undefined };
      const integrations = lazy ? mergedIntegrations(event.integrations, envelope.integrations) : event.integrations;
      const toWebhooks = isDestinationEnabled(integrations);
      const toActions = isDestinationEnabled(integrations, ACTIONS_WEBHOOKS_DESTINATION);
      if (!recordValidEvent(journal, seen, source, writeKey, event, clientId, toWebhooks, toActions, at)) continue;
      if (!lazy && this.#listeners.size > 0 && source !== undefined)
        for (const { listener } of this.#listeners) listener({ writeKey, source, event });
    }
    return SUCCESS_RESPONSE;
  }
}
