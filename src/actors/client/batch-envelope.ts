import { isoTime } from '../../contract/iso-time.js';
import type { QueuedMessage } from './build-message.js';

/**
 * The JSON around a batch's messages: {"batch":[...],"sentAt":"...","writeKey":"..."}. Messages are joined
 * from their JSON as queued (no second stringify); each attempt adds its own sentAt.
 */
export class BatchEnvelope {
  readonly #tail: string;
  /** The bytes a batch adds around its messages: what the request limit leaves for them is the limit minus this. */
  readonly bytes: number;

  constructor(writeKey: string) {
    this.#tail = `","writeKey":${JSON.stringify(writeKey)}}`;
    // {"batch":[...],"sentAt":"<24 characters>", then the tail.
    this.bytes = Buffer.byteLength(`{"batch":[],"sentAt":"${isoTime(0)}${this.#tail}`);
  }

  /** Joins the batch once; the returned function makes the body of an attempt at `now`. */
  open(batch: readonly QueuedMessage[]): (now: number) => string {
    let joined = '{"batch":[';
    let first = true;
    for (const message of batch) {
      joined += first ? message.json : `,${message.json}`;
      first = false;
    }
    joined += '],"sentAt":"';
    return (now) => `${joined}${isoTime(now)}${this.#tail}`;
  }
}
