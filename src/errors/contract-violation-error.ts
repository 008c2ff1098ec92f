import { HarnessError } from './harness-error.js';
import type { SchemaViolation } from './schema-violation.js';

/** A value does not match its JSON Schema; `violations` lists every rule it breaks. */
export class ContractViolationError extends HarnessError {
  readonly code = 'ERR_CONTRACT_VIOLATION';
  readonly schema: string;
  readonly violations: readonly SchemaViolation[];

  constructor(schema: string, violations: readonly SchemaViolation[]) {
    const first = violations
      .slice(0, 5)
      .map((v) => v.message)
      .join('; ');
    const more = violations.length > 5 ? ` (and ${violations.length - 5} more)` : '';
    super(`value does not match the ${schema} schema: ${first}${more}`);
    this.schema = schema;
    this.violations = violations;
  }
}
