export type * from './generated/wire-types.js';
export { schemaDocuments, schemaNames, type SchemaName } from './generated/schema-documents.js';
export type { SchemaTypes } from './schema-types.js';
export type { SchemaViolation } from './schema-violation.js';
export {
  assertValid,
  compiledValidator,
  describeReceived,
  toViolations,
  validate,
  validatorFor,
  type ValidationResult,
  type Validator,
} from './validators.js';
