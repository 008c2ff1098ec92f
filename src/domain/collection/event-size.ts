import { MAX_EVENT_BYTES } from '../../contract/spec-limits.js';
import { EventTooLargeError } from '../../errors/collection-errors.js';
import { mayReserializeLonger, MAX_RESERIALIZED_GROWTH, type DecodedBody } from './decode-body.js';

// No value in a text this short can re-serialize over the event limit, whatever it holds.
const SHORT_TEXT_BYTES = Math.floor(MAX_EVENT_BYTES / MAX_RESERIALIZED_GROWTH);

/**
 * Whether any event of the request could be over 32 KiB once serialized: no event is longer than the
 * request text unless the text holds exponent numbers (or lone surrogates), so most requests skip
 * serializing each event just to measure it.
 */
export function mayHoldOversizedEvent(decoded: DecodedBody): boolean {
  return decoded.size > MAX_EVENT_BYTES || (decoded.size > SHORT_TEXT_BYTES && mayReserializeLonger(decoded));
}

/** Refuses an event whose compact JSON is over 32 KiB, naming where it is and its size. */
export function checkEventSize(event: unknown, pointer: string): void {
  const size = Buffer.byteLength(JSON.stringify(event) ?? '');
  if (size > MAX_EVENT_BYTES) throw new EventTooLargeError(pointer, size, MAX_EVENT_BYTES);
}
