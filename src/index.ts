// The root entry point: the wire contract, clocks and errors. Adapters (server, msw, CLI) and the
// client have their own subpaths; see package.json "exports".
export type { Clock, FakeClock, TimerHandle, FakeClockOptions } from './clock/index.js';
export { createFakeClock, createSystemClock, isFakeClock, DEFAULT_FAKE_EPOCH } from './clock/index.js';
export { HarnessError, ContractViolationError, UnknownSchemaError, AbortError } from './errors/index.js';
export { validate, assertValid, validatorFor, type ValidationResult, type SchemaViolation, type SchemaName } from './contract/index.js';
export { signPayload, serializePayload, verifySignature } from './signing/index.js';
export { isDestinationEnabled, WEBHOOKS_DESTINATION } from './routing/index.js';
