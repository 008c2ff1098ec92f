import type { DriverCommand } from './driver-process.js';

/** The client under test: its driver command (the driver protocol, docs/client-suite.md), where to run it and extra environment. */
export type ClientTarget = DriverCommand;

/** Waits of the client suite. Real time throughout: the driver is a real process on a real clock. */
export interface ClientSettings {
  /** How long the driver may take to print its ready line. Default 15 s (npx may install first). */
  readonly readyTimeoutMs?: number;
  /** How long init or one call may take to be answered. Default 5 s. */
  readonly callTimeoutMs?: number;
  /** How long flush or close may take to settle, retries included. Default 20 s. */
  readonly settleTimeoutMs?: number;
}

export const DEFAULT_READY_TIMEOUT_MS = 15_000;
export const DEFAULT_CALL_TIMEOUT_MS = 5_000;
export const DEFAULT_SETTLE_TIMEOUT_MS = 20_000;
/** Runs per clause when none are given: each run is a real client session, so fewer than the receiver suite's 100. */
export const CLIENT_DEFAULT_RUNS = 20;

/**
 * What a driver's ready line may list (the driver protocol, docs/client-suite.md). Only what the rules leave optional (`screen`: rule 4.3 does not
 * show a Screen operation) and the knobs the client takes from init (`flushAt`, `flushAfter`; without them the
 * client is tested at the rules' defaults, 20 calls and 5 s). Everything the rules require (batching, retries,
 * Retry-After, byte limits, unique messageIds, the integrations map, refusing invalid calls) runs for every
 * driver. The older names (maxEventSize, maxBatchSize, retry, retryAfter, integrations) are still accepted and
 * change nothing.
 */
export const CAPABILITIES = ['flushAt', 'flushAfter', 'screen'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The wall-clock budget of a whole client suite run (the suites' default, 60 s), and the time limit of one clause,
 * unless the user gives others: each clause gets its share of the budget, and the run ends within it.
 */
export const CLIENT_DEFAULT_BUDGET_MS = 60_000;
export const CLIENT_DEFAULT_CLAUSE_TIME_LIMIT_MS = 60_000;

/**
 * Clauses running at once, each on its own driver process and mock, when the user gives no --concurrency: the
 * waits of a client suite are real time and mostly idle (a driver waiting on its backoff or a quiet window), so
 * four side by side cut the run to about its longest chain of required clauses; more add processes (memory,
 * start-up) without shortening that chain. Never more than the clauses that run.
 */
export const CLIENT_DEFAULT_CONCURRENCY = 4;
/** The most driver processes a run may start at once. */
export const MAX_CLIENT_CONCURRENCY = 32;
