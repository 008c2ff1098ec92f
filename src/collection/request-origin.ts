import type { EventOrigin } from '../journal/event-journal.js';
import { enrichEvent, envelopeOf, type Envelope, type ReceivedAt } from './enrich-event.js';

const NO_ENVELOPE: Envelope = Object.freeze({});

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One accepted request as the journal keeps it: its decoded JSON text, its route and the clock reading it
 * was enriched with. Any of its events is rebuilt on demand by parsing the text again and enriching as the
 * service did, which costs a reader a parse but saves the hot path from keeping (or copying) every event.
 */
export class RequestOrigin implements EventOrigin {
  readonly #text: string;
  readonly #kind: string;
  readonly #receivedAt: ReceivedAt;

  /** `kind` is 'batch' for /v1/batch and /v1/import, or the message type a single-call route sets. */
  constructor(text: string, kind: string, receivedAt: ReceivedAt) {
    this.#text = text;
    this.#kind = kind;
    this.#receivedAt = receivedAt;
  }

  rebuild(index: number, messageId: string | undefined): Record<string, unknown> {
    const body = JSON.parse(this.#text) as Record<string, unknown>;
    const batch = this.#kind === 'batch';
    const raw: unknown = batch ? (body.batch as unknown[])[index] : { ...body, type: this.#kind };
    // A batch item that is not an object was journaled (as rejected) wrapped, exactly like this.
    if (!isObject(raw)) return { value: raw };
    const event = enrichEvent(raw, batch ? envelopeOf(body) : NO_ENVELOPE, this.#receivedAt);
    // The messageId the service generated for it then, not a new one.
    if (messageId !== undefined) event.messageId = messageId;
    return event;
  }
}
