import { HarnessError } from './harness-error.js';

/** A state-changing admin request that a web page of another origin could have sent. */
export class CrossOriginRefusedError extends HarnessError {
  readonly code = 'CROSS_ORIGIN_REFUSED';
  readonly httpStatus = 403;

  constructor(detail: string) {
    super(detail);
  }
}
