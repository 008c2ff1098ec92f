import { HarnessError } from './harness-error.js';
import type { SchemaViolation } from './schema-violation.js';

/** Webhooks destination settings that break rule 2.1 (at most 5 absolute http(s) URLs, at most 5 headers each). */
export class InvalidWebhookSettingsError extends HarnessError {
  readonly code = 'INVALID_WEBHOOK_SETTINGS';
  readonly httpStatus = 400;
  readonly violations: readonly SchemaViolation[];

  constructor(violations: readonly SchemaViolation[]) {
    super(`the Webhooks destination settings are invalid: ${violations.map((v) => v.message).join('; ')}`);
    this.violations = violations;
  }
}
