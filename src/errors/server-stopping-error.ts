import { HarnessError } from './harness-error.js';

/** `serve` was told to stop (SIGTERM or SIGINT): a collection request after that is not taken; sent again, it is. */
export class ServerStoppingError extends HarnessError {
  readonly code = 'SERVER_STOPPING';
  readonly httpStatus = 503;
  readonly retryAfterSeconds = 2;

  constructor() {
    super(
      'the mock is stopping (it was sent SIGTERM or SIGINT) and takes no new events; nothing was taken: send the request again after Retry-After, to this address once it is back or to another node',
    );
  }
}
