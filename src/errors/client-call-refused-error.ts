import { HarnessError } from './harness-error.js';

/** A third-party client run by the driver refused a call; its own message is kept. */
export class ClientCallRefusedError extends HarnessError {
  readonly code = 'CLIENT_CALL_REFUSED';

  constructor(client: string, op: string, cause: unknown) {
    super(`${client} refused ${op}(): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
