import type { EventOrigin } from '../journal/event-journal.js';
import { enrichEvent, envelopeOf, type Envelope, type MessageIdSource, type ReceivedAt } from './enrich-event.js';
import { normalizeEnvelope, normalizeReceivedEvent } from './normalize-received-event.js';
import { isObject } from '../../contract/is-object.js';
import type { ArenaChunk, TextArena } from '../journal/text-arena.js';
import { GENERATED_ID_PREFIX, ksuidPlus, newKsuid } from './ksuid.js';

const NO_ENVELOPE: Envelope = Object.freeze({});
/** What an origin holds once its text went back to the arena unread: any read of it is a bug, and says so. */
const RELEASED = new Uint8Array(0);

/** A request as a durable store keeps it (see RequestOrigin.durable). */
export interface DurableRequest {
  /** The request's JSON text, or its UTF-8 bytes. */
  readonly text: string | Uint8Array;
  readonly kind: string;
  readonly receivedAt: ReceivedAt;
  /** The prefix of the messageIds generated for it, once one was. */
  readonly idPrefix: string | undefined;
}

/**
 * One accepted request as the journal keeps it: its JSON text, its route and the clock reading it was
 * enriched with. Any of its events is rebuilt on demand by parsing the text again and enriching as the
 * service did, which costs a reader a parse but saves the hot path from keeping (or copying) every event.
 *
 * A body that came as bytes is kept as a copy of its UTF-8 bytes, outside the JavaScript heap: held as a
 * string, every request's text was copied by each young-generation collection until it was promoted, which
 * made the garbage collector a third of the collection API's cost under load. Decoding the same bytes again
 * gives the same text. While the memory journal holds the request, the bytes are in its arena (holdIn).
 */
export class RequestOrigin implements EventOrigin, MessageIdSource {
  #text: string | Uint8Array;
  readonly #kind: string;
  readonly #receivedAt: ReceivedAt;
  #idPrefix: string | undefined;
  /** Declared here so every origin has the same shape when the journal counts on it (see EventOrigin.heldRuns). */
  heldRuns = 0;
  /** The arena chunk the text is in while the journal holds it there (see holdIn). */
  #chunk: ArenaChunk | undefined = undefined;
  /** Someone outside the journal may read the text after the journal lets it go (see retainText). */
  #retained = false;

  /**
   * `kind` is 'batch' for /v1/batch and /v1/import, or the message type a single-call route sets. `bytes`, when
   * the body came as bytes, are the UTF-8 bytes `text` was decoded from, kept instead of the text: as they are
   * when `handedOver` (the adapter's own exact-size buffer, see CollectionRequest.bodyOwned), else copied into an
   * exact-size buffer of their own (never a view on a pool or a caller's buffer). Copying cost more than the
   * rest of journaling a request under load: an allocation outside the heap per request, which V8 counts
   * towards its next collection.
   */
  constructor(text: string, kind: string, receivedAt: ReceivedAt, bytes?: Uint8Array, handedOver = false) {
    this.#text = bytes === undefined ? text : handedOver ? bytes : new Uint8Array(bytes);
    this.#kind = kind;
    this.#receivedAt = receivedAt;
  }

  /** The same request on another node or after a restart, from what `durable()` gave: it rebuilds the same events. */
  static restored(form: DurableRequest): RequestOrigin {
    const origin = new RequestOrigin(
      typeof form.text === 'string' ? form.text : '',
      form.kind,
      form.receivedAt,
      typeof form.text === 'string' ? undefined : form.text,
      true,
    );
    origin.#idPrefix = form.idPrefix;
    return origin;
  }

  /** What a durable store keeps of the request to rebuild its events elsewhere (the text as held, not copied). */
  durable(): DurableRequest {
    // A text in the arena is copied: the row may be written after the journal let the chunk be reused.
    const text = this.#chunk !== undefined && typeof this.#text !== 'string' ? new Uint8Array(this.#text) : this.#text;
    // The prefix of generated messageIds is fixed now, drawn if no one has read an event yet (an event journaled
    // without enrichment draws it on its first read): every node and every restart must give the same ids.
    this.#idPrefix ??= this.#newIdPrefix();
    return { text, kind: this.#kind, receivedAt: this.#receivedAt, idPrefix: this.#idPrefix };
  }

  /**
   * The journal holds this request from now on: its bytes move into `arena` (when they fit a chunk), and the
   * adapter's buffer they came in is let go while still young.
   */
  holdIn(arena: TextArena): void {
    const text = this.#text;
    if (this.#chunk !== undefined || typeof text === 'string' || text === RELEASED) return;
    const chunk = arena.roomFor(text.byteLength);
    if (chunk === undefined) return;
    this.#text = chunk.append(text);
    this.#chunk = chunk;
  }

  /**
   * The journal holds none of this request's events any more: its text leaves the arena. Copied out first when
   * someone may still read it (retainText); otherwise nothing can, and the bytes are gone.
   */
  releaseFrom(arena: TextArena): void {
    const chunk = this.#chunk;
    if (chunk === undefined) return;
    this.#text = this.#retained ? new Uint8Array(this.#text as Uint8Array) : RELEASED;
    this.#chunk = undefined;
    arena.release(chunk);
  }

  /** An entry of this request was handed to code that may keep it: its text must outlive the journal's hold. */
  retainText(): void {
    this.#retained = true;
  }

  /** The journal's byte bound charges this text once while any of the request's events is held. */
  get retainedBytes(): number {
    return typeof this.#text === 'string' ? this.#text.length : this.#text.byteLength;
  }

  /**
   * The messageId of the request's event at `index` when the client sent none, as the real service writes one:
   * `api-` and a KSUID of the time received. One KSUID per request whose last two bytes are zero, plus the index (a
   * batch holds at most 2,500 events), so each event's id is another KSUID, unique, and can be given again without
   * being kept: a kept string per event was a sixth of the collection API's cost under load.
   */
  generatedMessageId(index: number): string {
    this.#idPrefix ??= this.#newIdPrefix();
    const prefix = this.#idPrefix;
    // A prefix a durable store kept from before KSUIDs (32 hex digits) still gives the ids it gave then.
    if (!prefix.startsWith(GENERATED_ID_PREFIX)) return prefix + indexSuffix(index);
    return GENERATED_ID_PREFIX + ksuidPlus(prefix.slice(GENERATED_ID_PREFIX.length), index);
  }

  #newIdPrefix(): string {
    return GENERATED_ID_PREFIX + newKsuid(this.#receivedAt.ms, 2);
  }

  rebuild(index: number, messageId: string | undefined): Record<string, unknown> {
    const body = this.#body();
    const batch = this.#kind === 'batch';
    // Copies, so the cached body stays as parsed whatever the caller does with the event.
    const item: unknown = batch ? (body.batch as unknown[])[index] : body;
    // A batch item that is not an object was journaled (as rejected) wrapped, exactly like this.
    if (!isObject(item)) return { value: structuredClone(item) };
    const raw = batch ? structuredClone(item) : { ...structuredClone(item), type: this.#kind };
    // Read as the service read it when it judged the request (null ids absent, lenient times).
    normalizeReceivedEvent(raw);
    const event = enrichEvent(raw, batch ? copiedEnvelope(body) : NO_ENVELOPE, this.#receivedAt, this, index);
    // The messageId the event was journaled with (generated ones come out the same again).
    if (messageId !== undefined) event.messageId = messageId;
    return event;
  }

  /**
   * The events at `indexes` from one parse of the text, enriched as the service enriched them (for a node taking
   * another node's request row: `rebuild` copies each event out of a cached parse, which cost that node more than
   * the writer spent on the request). The events are fresh, owned by the caller, and share the envelope's parts
   * as the service's events of one request do.
   */
  rebuildEach(indexes: readonly number[]): Record<string, unknown>[] {
    const body = JSON.parse(this.#jsonText()) as Record<string, unknown>;
    const batch = this.#kind === 'batch';
    const envelope = batch ? envelopeOf(normalizeEnvelope(body)) : NO_ENVELOPE;
    return indexes.map((index) => {
      const item: unknown = batch ? (body.batch as unknown[])[index] : { ...body, type: this.#kind };
      if (!isObject(item)) return { value: item };
      normalizeReceivedEvent(item);
      return enrichEvent(item, envelope, this.#receivedAt, this, index);
    });
  }

  /**
   * The parsed body, from a one-request cache: reading a journal walks entries in order, so the events of one
   * request come together, and a 2,500-event request must not be parsed 2,500 times.
   */
  #body(): Record<string, unknown> {
    if (lastParsed?.origin !== this)
      lastParsed = { origin: this, body: JSON.parse(this.#jsonText()) as Record<string, unknown> };
    return lastParsed.body;
  }

  #jsonText(): string {
    const text = this.#text;
    if (text === RELEASED)
      throw new Error('internal: a request text was read after the journal released it (an entry escaped unretained)');
    return typeof text === 'string'
      ? text
      : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8');
  }
}

// The four hex digits of each index a batch can hold, made once: formatting them was a tenth of enriching an event.
const INDEX_SUFFIXES: string[] = [];

function indexSuffix(index: number): string {
  if (index >= 4096) return index.toString(16).padStart(4, '0');
  for (let i = INDEX_SUFFIXES.length; i <= index; i++) INDEX_SUFFIXES.push(i.toString(16).padStart(4, '0'));
  return INDEX_SUFFIXES[index] as string;
}

let lastParsed: { readonly origin: RequestOrigin; readonly body: Record<string, unknown> } | undefined;

/** The batch envelope with its merged parts copied (enrichment copies only their top level). */
function copiedEnvelope(body: Record<string, unknown>): Envelope {
  const envelope = envelopeOf(normalizeEnvelope(body));
  return {
    ...envelope,
    context: envelope.context === undefined ? undefined : structuredClone(envelope.context),
    integrations: envelope.integrations === undefined ? undefined : structuredClone(envelope.integrations),
  };
}
