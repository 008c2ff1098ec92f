import type { Clock } from '../../clock/clock.js';
import { HarnessError } from '../../errors/harness-error.js';
import type { EventJournal, EventOriginRef } from '../journal/event-journal.js';
import type { SourceRegistry } from '../sources/source-registry.js';
import type { SourceConfig } from '../../contract/generated/wire-types.js';
import { isObject } from '../../contract/is-object.js';
import { BoundedIdSet } from './bounded-id-set.js';
import { recordValidEvent } from './record-valid-event.js';
import {
  assessRequest,
  parseAssessedRequest,
  type ParsedRequest,
  type RequestAssessment,
  TO_ACTIONS_WEBHOOKS,
  TO_WEBHOOKS,
} from './assess-request.js';
import { type Admission, admitRequest } from './admit-request.js';
import {
  type AcceptedListener,
  type CollectionRequest,
  type CollectionResponse,
  errorResponse,
  SUCCESS_RESPONSE,
} from './collection-exchange.js';
import { enrichEvent, type Envelope, type ReceivedAt } from './enrich-event.js';
import { RequestOrigin } from './request-origin.js';
import { SharedReceivedAt } from './shared-received-at.js';

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
 * The collection API's journaling over the journal and sources: a request (with its assessment, the pipeline's first
 * stage) in, its events journaled and the answer out. The core's door (src/core/collection/collection-door.ts) calls
 * it for every adapter, so they cannot disagree.
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

  /**
   * The one journaling function of the collection API: judges the assessed request (admitRequest) and journals each
   * of its events, or answers why not (nothing journaled). `assessment` is the pipeline's first stage, made here when
   * the caller has none (an ingest thread may have made it).
   */
  handle(
    request: CollectionRequest,
    assessment: RequestAssessment = assessRequest(request.route, request.body, request.headers),
  ): CollectionResponse {
    let admission: Admission;
    try {
      admission = admitRequest(request, assessment, { strict: this.#strict, sources: this.#sources });
    } catch (error) {
      if (error instanceof HarnessError) return errorResponse(error, error.bodyFields);
      throw error;
    }
    this.#journalEvents(request, assessment, admission);
    return SUCCESS_RESPONSE;
  }

  #journalEvents(request: CollectionRequest, assessment: RequestAssessment, admission: Admission): void {
    const { writeKey, source, refusal } = admission;
    const receivedAt = this.#receivedAt.at(this.#clock.now(), request.remoteAddress);
    // Enriching an event in place costs a tenth of the request: skipped when nothing reads the object now (no
    // destination of the source takes events) and the journal rebuilds it, enriched, for whoever reads it later.
    const lazy = source !== undefined && this.#journal.rebuildsFromOrigins && !this.#wantsLiveEvents(source);
    const needsEvents = !lazy || refusal !== undefined || assessment.violations !== undefined;
    const parsed = assessment.parsed ?? (needsEvents ? this.#parse(request, assessment) : undefined);
    const batch: JournaledRequest = {
      assessment,
      admission,
      parsed,
      origin: originOf(request, assessment, parsed, receivedAt),
      receivedAt,
      // A refused request's key gets no dedup memory: unknown keys must not grow it.
      seen: refusal === undefined ? this.#seenFor(writeKey) : undefined,
    };
    const count = assessment.events.messageIds.length;
    for (let i = 0; i < count; i++) {
      if (refusal !== undefined || assessment.violations?.[i] !== undefined) this.#journalRejected(batch, i);
      else if (lazy) this.#journalIndexed(batch, i);
      else this.#journalEnriched(batch, i);
    }
  }

  #parse(request: CollectionRequest, assessment: RequestAssessment): ParsedRequest {
    // Only an assessment of a collection route gets here (admitRequest refuses the others).
    return parseAssessedRequest(assessment.kind ?? 'batch', request.body, request.headers);
  }

  #seenFor(writeKey: string): BoundedIdSet {
    let seen = this.#seen.get(writeKey);
    if (seen === undefined) this.#seen.set(writeKey, (seen = new BoundedIdSet(this.#dedupCapacity)));
    return seen;
  }

  /** An event the request's refusal or its own broken rules reject: kept, enriched, with the reasons. */
  #journalRejected(batch: JournaledRequest, index: number): void {
    const raw = batch.parsed?.events[index];
    const violations = batch.assessment.violations?.[index];
    const { refusal, writeKey } = batch.admission;
    const clientId = isObject(raw) ? raw.messageId : undefined;
    const stored = isObject(raw)
      ? enrichEvent(raw, batch.parsed?.envelope ?? NO_ENVELOPE, batch.receivedAt, batch.origin, index)
      : { value: raw };
    const generated = isObject(raw) && !(typeof clientId === 'string' && clientId !== '');
    const reasons = [...(refusal !== undefined ? [refusal] : []), ...(violations ?? []).map((v) => v.message)];
    this.#journal.record('rejected', writeKey, stored, reasons.join('; '), {
      origin: batch.origin,
      index,
      messageIdGenerated: generated,
    });
  }

  /** A valid event nothing reads now: journaled from what the journal indexes, enriched when it is read. */
  #journalIndexed(batch: JournaledRequest, index: number): void {
    const { events } = batch.assessment;
    const clientId = events.messageIds[index];
    const event = {
      type: events.types[index],
      userId: events.userIds[index],
      previousId: events.previousIds[index],
      messageId: clientId,
    };
    const at = { origin: batch.origin, index, messageIdGenerated: clientId === undefined, unenriched: true };
    this.#recordValid(batch, index, event, at);
  }

  /** A valid event a destination takes now: enriched in place and handed to the listeners once accepted. */
  #journalEnriched(batch: JournaledRequest, index: number): void {
    const clientId = batch.assessment.events.messageIds[index];
    const raw = batch.parsed?.events[index] as Record<string, unknown>;
    const event = enrichEvent(raw, batch.parsed?.envelope ?? NO_ENVELOPE, batch.receivedAt, batch.origin, index);
    const at = { origin: batch.origin, index, messageIdGenerated: clientId === undefined };
    const { source, writeKey } = batch.admission;
    if (!this.#recordValid(batch, index, event, at) || source === undefined) return;
    for (const { listener } of this.#listeners) listener({ writeKey, source, event });
  }

  #recordValid(batch: JournaledRequest, index: number, event: Record<string, unknown>, at: EventOriginRef): boolean {
    const { source, writeKey } = batch.admission;
    const { messageIds, destinations } = batch.assessment.events;
    const to = destinations[index] ?? 0;
    const toWebhooks = (to & TO_WEBHOOKS) !== 0;
    const toActions = (to & TO_ACTIONS_WEBHOOKS) !== 0;
    return recordValidEvent(
      this.#journal,
      batch.seen,
      source,
      writeKey,
      event,
      messageIds[index],
      toWebhooks,
      toActions,
      at,
    );
  }
}

/** One request as it is journaled: its assessment and admission, its parsed body if any, and what its events share. */
interface JournaledRequest {
  readonly assessment: RequestAssessment;
  readonly admission: Admission;
  readonly parsed: ParsedRequest | undefined;
  readonly origin: RequestOrigin;
  readonly receivedAt: ReceivedAt;
  readonly seen: BoundedIdSet | undefined;
}

/**
 * What the journal rebuilds the request's events from: its decoded text (gzip undone) as UTF-8 bytes, kept as the
 * adapter's own buffer when it handed it over and nothing was decoded out of it.
 */
function originOf(
  request: CollectionRequest,
  assessment: RequestAssessment,
  parsed: ParsedRequest | undefined,
  receivedAt: ReceivedAt,
): RequestOrigin {
  const kind = assessment.kind ?? 'batch';
  const owned = request.bodyOwned === true;
  if (parsed === undefined) {
    // Assessed elsewhere, so the body came as bytes, not encoded (see portableAssessment): they are the text.
    return new RequestOrigin('', kind, receivedAt, request.body as Uint8Array, owned);
  }
  const { text, bytes } = parsed.decoded;
  return new RequestOrigin(text, kind, receivedAt, bytes, owned && bytes === request.body);
}
