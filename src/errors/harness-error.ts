/**
 * The one base class of every error event-harness throws. `code` is stable across releases, so callers
 * branch on it instead of on messages (as undici and Node do).
 */
export abstract class HarnessError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The Retry-After header an error asks for (a 503 of the store, say), or none. */
export function retryAfterHeader(error: unknown): { 'retry-after'?: string } {
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' ? { 'retry-after': String(seconds) } : {};
}
