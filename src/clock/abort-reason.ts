import { AbortError } from '../errors/clock-errors.js';

/** The error an aborted wait rejects with: the signal's reason when it is an Error, else an AbortError. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && !(reason.name === 'AbortError' && !(reason instanceof AbortError))
    ? reason
    : new AbortError('the wait was aborted', { cause: reason });
}
