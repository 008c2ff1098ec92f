import { HarnessError } from './harness-error.js';

/** A call reached a client after close(); create a new client instead. */
export class ClientClosedError extends HarnessError {
  readonly code = 'CLIENT_CLOSED';

  constructor(operation: string) {
    super(`${operation}() was called after close(); the client accepts no more messages. Create a new client`);
  }
}
