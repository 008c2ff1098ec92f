import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';

/** A harness config (file or object) that does not match schemas/harness-config.schema.json, or that cannot be read. */
export class ConfigError extends HarnessError {
  readonly code = 'INVALID_CONFIG';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(redactUrlPasswords(detail));
  }
}
