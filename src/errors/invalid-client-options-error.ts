import type { SchemaViolation } from './schema-violation.js';
import { HarnessError } from './harness-error.js';

/** createClient() received a write key or options it cannot work with. */
export class InvalidClientOptionsError extends HarnessError {
  readonly code = 'INVALID_CLIENT_OPTIONS';

  constructor(
    message: string,
    readonly violations: readonly SchemaViolation[] = [],
  ) {
    super(message);
  }
}
