import { isoTime, toIsoTime } from '../../contract/iso-time.js';
import type { ReceivedAt } from './enrich-event.js';

/**
 * The reading of the clock a request is enriched with, shared by the requests of the same millisecond from the
 * same address: each request keeps its reading until the journal drops it, and under load an object and a string
 * per request, kept that long, were promoted by the garbage collector by the thousand a second.
 */
export class SharedReceivedAt {
  #last: ReceivedAt = { ms: Number.NaN, iso: '' };

  at(ms: number, ip: string | undefined): ReceivedAt {
    const last = this.#last;
    if (last.ms === ms && last.ip === ip) return last;
    this.#last = { ms, iso: toIsoTime(ms) ?? isoTime(0), ip };
    return this.#last;
  }
}
