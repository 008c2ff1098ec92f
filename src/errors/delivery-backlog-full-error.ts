import { HarnessError } from './harness-error.js';

/** The delivery store holds as many unfinished deliveries as it may: new work is refused until some finish. */
export class DeliveryBacklogFullError extends HarnessError {
  readonly code = 'DELIVERY_BACKLOG_FULL';
  readonly httpStatus = 429;

  constructor(
    readonly pending: number,
    readonly capacity: number,
  ) {
    super(
      `${pending} webhook deliveries are unfinished, the most the mock holds (${capacity}); retry later (Retry-After), let them finish (POST /__harness/clock/run-until-idle) or clear them (POST /__harness/reset)`,
    );
  }
}
