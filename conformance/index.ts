// event-harness/conformance: the receiver suite (we play the service against your webhook receiver), the
// client suite (we play the collection API against your SDK client, through its driver or its own e2e CLI) and
// the framework suites are built on: clauses, runner, fast-check property wrapper, reporters, CLI options.
export {
  CLAUSE_LEVELS,
  type Clause,
  type ClauseEnv,
  type ClauseLevel,
  type ClauseOutcome,
  type ClauseStatus,
} from './framework/clause.js';
export type { ClauseResult, ClauseTitles, ExitOptions, SuiteReport } from './framework/suite-report.js';
export { exitCodeOf, shouldFailed } from './framework/suite-report.js';
export { runSuite } from './framework/run-suite.js';
export {
  DEFAULT_BUDGET_MS,
  DEFAULT_RUNS,
  type ClauseProgress,
  type RunSuiteOptions,
} from './framework/run-suite-options.js';
export type { SuiteDefinition, SuiteWorkers } from './framework/suite-definition.js';
export { clauseTitles, assertKnownClauses } from './framework/clause-names.js';
export { randomSeed } from './framework/random-seed.js';
export {
  checkProperty,
  type PropertyLanes,
  type PropertyOptions,
  type PropertyResult,
} from './framework/check-property.js';
export { deriveSeed } from './framework/derive-seed.js';
export { shellQuote, shellCommand } from './framework/shell-quote.js';
export { registerSuite, type RegisterSuiteOptions, type TestFunction } from './framework/register-suite.js';
export {
  parseSuiteCli,
  emitReport,
  progressPrinter,
  runSuiteCommand,
  wholeNumber,
  SUITE_OPTIONS,
  SUITE_OPTIONS_HELP,
  type SuiteCliIo,
  type SuiteCliSettings,
  type ParsedCli,
  type ProgressPrinter,
} from './framework/suite-cli.js';
export { formatReport, isReporterName, REPORTERS, type ReporterName } from './reporters/format-report.js';
export { formatJsonReport } from './reporters/json-reporter.js';
export { formatJunitReport } from './reporters/junit-reporter.js';
export { formatMarkdownReport } from './reporters/markdown-reporter.js';
export { formatPrettyReport, summaryLines } from './reporters/pretty-reporter.js';
export { groupedProgress, progressLine } from './reporters/progress-reporter.js';
export { describeCounterexample, failureDetails } from './reporters/failure-details.js';
export {
  ClauseFailedError,
  TargetUnreachableError,
  UnknownClauseError,
  ClauseTimeoutError,
  InterruptedRunError,
  DriverStartError,
  DriverProtocolError,
} from './errors/conformance-errors.js';
export {
  runReceiverSuite,
  receiverSuiteDefinition,
  assertValidTarget,
  type ReceiverSuiteOptions,
} from './receiver/run-receiver-suite.js';
export { receiverSuite, type ReceiverSuiteRegistration } from './receiver/receiver-suite.js';
export { receiverClauses } from './receiver/receiver-clauses.js';
export type { ReceiverContext, Delivery, SentRequest, DeliverOptions } from './receiver/receiver-context.js';
export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_USER_AGENT,
  type ReceiverTarget,
  type ReceiverSupports,
  type ReceiverSettings,
} from './receiver/receiver-target.js';
export { SIGNATURE_MISTAKES, diagnoseSignatureRefusal, type SignatureMistake } from './receiver/signature-forensics.js';
export {
  runClientSuite,
  clientSuiteDefinition,
  clientSuiteDefinitionOf,
  type ClientSuiteOptions,
} from './client/run-client-suite.js';
export { clientSuite, type ClientSuiteRegistration } from './client/client-suite.js';
export { clientClauses, e2eCliClauses } from './client/client-clauses.js';
export type {
  ClientContext,
  ClientProtocol,
  ClientRun,
  DriverInitConfig,
  EndOptions,
} from './client/client-context.js';
export {
  E2E_CLI_DEFAULT_PARALLEL_RUNS,
  E2E_CLI_MAX_PARALLEL_RUNS,
  type E2eCliOptions,
} from './client/e2e-cli/e2e-cli-worker.js';
export type { CliResult } from './client/e2e-cli/cli-run-record.js';
export { MAX_INPUT_BYTES, type E2eCliInput, type E2eSequence } from './client/e2e-cli/e2e-cli-input.js';
export {
  CLIENT_DEFAULT_RUNS,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_READY_TIMEOUT_MS,
  DEFAULT_SETTLE_TIMEOUT_MS,
  CAPABILITIES,
  CLIENT_DEFAULT_BUDGET_MS,
  CLIENT_DEFAULT_CLAUSE_TIME_LIMIT_MS,
  CLIENT_DEFAULT_CONCURRENCY,
  MAX_CLIENT_CONCURRENCY,
  type Capability,
  type ClientSettings,
  type ClientTarget,
} from './client/client-target.js';
export { DriverProcess, type DriverCommand } from './client/driver-process.js';
export type { DriverHello } from './client/driver-output.js';
export type { OpOutcome } from './client/op-outcome.js';
export type { RecordedRequest } from './client/request-log.js';
export type { CallOp, CallSpec, SentCall } from './client/client-calls.js';
export type { FaultStep } from './client/fault-schedule.js';
