import { HarnessError } from '../../src/index.js';

/** The driver broke the protocol of the driver protocol, docs/client-suite.md where the suite cannot go on (init refused): exit 2. */
export class DriverProtocolError extends HarnessError {
  readonly code = 'ERR_DRIVER_PROTOCOL';
}
