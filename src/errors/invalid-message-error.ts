import type { SchemaViolation } from './schema-violation.js';
import { HarnessError } from './harness-error.js';

/** A client call broke a message rule of rule 2.3 (checked against schemas/<type>.schema.json); nothing was queued. */
export class InvalidMessageError extends HarnessError {
  readonly code = 'INVALID_MESSAGE';

  constructor(
    readonly messageType: string,
    readonly violations: readonly SchemaViolation[],
  ) {
    super(`${messageType}() was refused and nothing was sent: ${violations.map((v) => v.message).join('; ')}`);
  }
}
