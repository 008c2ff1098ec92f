import { HarnessError } from './harness-error.js';

/** No delivery with this id (it never existed, or was dropped past the record cap, or after a reset). */
export class DeliveryNotFoundError extends HarnessError {
  readonly code = 'DELIVERY_NOT_FOUND';
  readonly httpStatus = 404;

  constructor(id: string) {
    super(`no delivery with id ${JSON.stringify(id)}; list them with GET /__harness/deliveries`);
  }
}
