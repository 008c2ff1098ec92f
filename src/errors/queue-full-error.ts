import { HarnessError } from './harness-error.js';

/** The client already holds maxQueueSize messages; the call was refused instead of growing memory without bound. */
export class QueueFullError extends HarnessError {
  readonly code = 'QUEUE_FULL';

  constructor(readonly maxQueueSize: number) {
    super(
      `the client already holds ${maxQueueSize} unsent messages (maxQueueSize); the call was refused. Await flush(), or raise maxQueueSize`,
    );
  }
}
