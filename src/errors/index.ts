// One line per error class; each lives in its own file.
export { HarnessError } from './harness-error.js';
export { ContractViolationError } from './contract-violation-error.js';
export { UnknownSchemaError } from './unknown-schema-error.js';
export { AbortError } from './abort-error.js';
