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
