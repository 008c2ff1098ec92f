import { HarnessError } from './harness-error.js';
import { redactUrlPasswords } from './redact-url-passwords.js';
import type { SchemaViolation } from './schema-violation.js';

// Input refused before anything runs: a config, a command line, an import file, a value checked against its JSON
// Schema, a target an agent may not reach. 400 (403 for the target); the CLI exits 2 on each.

/** A harness config (file or object) that does not match schemas/harness-config.schema.json, or that cannot be read. */
export class ConfigError extends HarnessError {
  static override readonly code = 'INVALID_CONFIG';
  static override readonly httpStatus = 400;

  constructor(detail: string) {
    super(redactUrlPasswords(detail));
  }
}

/** A command line the CLI cannot run (or options createHarness cannot): the message says what was received and what is expected. */
export class UsageError extends HarnessError {
  static override readonly code = 'USAGE';
  static override readonly httpStatus = 400;
}

/** A file given to `serve --import` is not an export of event-harness; the message names the line and what is expected. */
export class ImportFileError extends HarnessError {
  static override readonly code = 'IMPORT_FILE';
  static override readonly httpStatus = 400;
}

/** A value does not match its JSON Schema; `violations` lists every rule it breaks. */
export class ContractViolationError extends HarnessError {
  static override readonly code = 'CONTRACT_VIOLATION';
  static override readonly httpStatus = 400;

  constructor(
    readonly schema: string,
    readonly violations: readonly SchemaViolation[],
  ) {
    const first = violations
      .slice(0, 5)
      .map((v) => v.message)
      .join('; ');
    const more = violations.length > 5 ? ` (and ${violations.length - 5} more)` : '';
    super(`value does not match the ${schema} schema: ${first}${more}`);
  }

  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { errors: this.violations };
  }
}

/** A schema name that is not one of schemas/*.schema.json. */
export class UnknownSchemaError extends HarnessError {
  static override readonly code = 'UNKNOWN_SCHEMA';
  static override readonly httpStatus = 400;

  constructor(received: string, known: readonly string[]) {
    super(`no schema named ${JSON.stringify(received)}; expected one of ${known.join(', ')}`);
  }
}

/**
 * An agent (through `event-harness mcp`) named a URL off this machine that the user did not allow: nothing was
 * sent. The user allows a host with `event-harness mcp --allow-target HOST`.
 */
export class TargetNotAllowedError extends HarnessError {
  static override readonly code = 'TARGET_NOT_ALLOWED';
  static override readonly httpStatus = 403;
}
