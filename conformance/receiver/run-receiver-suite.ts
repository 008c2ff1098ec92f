import { createSystemClock, redactUrlPasswords, serializePayload, validate } from '../../src/index.js';
import { ACTIONS_TIMEOUT_MS, ACTIONS_USER_AGENT, actionsData, UsageError } from '../../src/index.js';
import { TargetUnreachableError } from '../errors/conformance-errors.js';
import { assertKnownClauses } from '../framework/clause-names.js';
import { randomSeed } from '../framework/random-seed.js';
import { DEFAULT_BUDGET_MS } from '../framework/run-suite-options.js';
import { runSuite } from '../framework/run-suite.js';
import type { RunSuiteOptions } from '../framework/run-suite-options.js';
import type { SuiteDefinition } from '../framework/suite-definition.js';
import type { SuiteReport } from '../framework/suite-report.js';
import { receiverClauses } from './receiver-clauses.js';
import { createReceiverContext, type ReceiverContext } from './receiver-context.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  MAX_CONCURRENCY,
  DEFAULT_USER_AGENT,
  type ReceiverSettings,
  type ReceiverSupports,
  type ReceiverTarget,
} from './receiver-target.js';
import { createDeliverySender, describeOutcome } from './send-delivery.js';
import { unreachableMessage } from './unreachable-message.js';

export interface ReceiverSuiteOptions extends RunSuiteOptions, ReceiverSettings {
  readonly target: ReceiverTarget;
  readonly supports?: ReceiverSupports;
}

/** The receiver suite as the framework runs it; replays as `event-harness check receiver URL ...`. */
export const receiverSuiteDefinition: SuiteDefinition<ReceiverContext> = {
  name: 'receiver',
  clauses: receiverClauses,
  replayCommand(context) {
    const args = ['event-harness', 'check', 'receiver', redactUrlPasswords(context.target.url)];
    if (context.target.secret !== undefined) args.push('--secret', '<secret>');
    for (const name of Object.keys(context.target.headers ?? {})) args.push('--header', `${name}:<value>`);
    const actions = context.actions;
    if (actions) args.push('--destination', 'actions');
    if (context.timeoutMs !== (actions ? ACTIONS_TIMEOUT_MS : DEFAULT_TIMEOUT_MS))
      args.push('--timeout-ms', String(context.timeoutMs));
    if (context.concurrency !== DEFAULT_CONCURRENCY) args.push('--concurrency', String(context.concurrency));
    if (context.batchSize !== undefined) args.push('--batch-size', String(context.batchSize));
    return args;
  },
};

/** Checks the target as the destination settings schema does (absolute http(s) URL, at most 5 allowed headers). */
export function assertValidTarget(target: ReceiverTarget): void {
  const settings = {
    ...(target.secret !== undefined ? { sharedSecret: target.secret } : {}),
    webhooks: [{ url: target.url, ...(target.headers !== undefined ? { headers: target.headers } : {}) }],
  };
  const result = validate('webhook-settings', settings);
  if (!result.ok)
    throw new UsageError(
      `check receiver: the target is not a valid webhook configuration: ${result.violations.map((v) => v.message).join('; ')}`,
    );
}

const PREFLIGHT = {
  version: 1,
  type: 'track',
  event: 'event-harness preflight',
  userId: 'event-harness',
  messageId: 'eh-preflight',
  timestamp: '2026-01-01T00:00:00.000Z',
  properties: {},
};

/**
 * Runs the receiver suite against a live receiver and answers its report. Rejects with UsageError for a
 * bad target and TargetUnreachableError when nothing answers at the URL (both: exit 2 in the CLI).
 */
export async function runReceiverSuite(options: ReceiverSuiteOptions): Promise<SuiteReport> {
  assertValidTarget(options.target);
  // Name problems before any request is made, so a typo never waits on the network.
  assertKnownClauses(receiverClauses, options.only ?? [], '--only');
  assertKnownClauses(receiverClauses, options.skip ?? [], '--skip');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new UsageError(
      `check receiver: timeoutMs must be a positive whole number of milliseconds; received ${String(timeoutMs)}`,
    );
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CONCURRENCY))
    throw new UsageError(
      `check receiver: concurrency must be a whole number of deliveries in flight from 1 to ${MAX_CONCURRENCY}; received ${String(concurrency)}`,
    );
  const clock = options.clock ?? createSystemClock();
  const seed = options.seed ?? randomSeed();
  const sender = createDeliverySender({ clock, ...(options.target.ca !== undefined ? { ca: options.target.ca } : {}) });
  const actions = options.userAgent === ACTIONS_USER_AGENT;
  const context = createReceiverContext({
    target: options.target,
    // Webhooks (Actions) sends no delete notifications: its mappings trigger on the six calls only.
    supports: { delete: !actions, audiences: true, redelivery: true, concurrency: true, ...options.supports },
    actions,
    batchSize: options.batchSize,
    timeoutMs,
    concurrency,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    clock,
    sender,
    describe: describeOutcome,
    seed,
  });
  const started = Date.now();
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  try {
    const preflight = await context.deliver(serializePayload(actions ? actionsData({ ...PREFLIGHT }) : PREFLIGHT), {
      waitMs: Math.min(timeoutMs, budgetMs),
    });
    if (preflight.outcome.kind === 'error')
      throw new TargetUnreachableError(unreachableMessage(options.target.url, preflight.outcome.code));
    // Every delivery waits at most the answer deadline, each clause gets its share of the budget (60 s unless
    // given), and the run ends within the budget, the first delivery included, whatever the receiver does.
    return await runSuite(receiverSuiteDefinition, context, {
      ...options,
      seed,
      startedAt: options.startedAt ?? started,
    });
  } finally {
    sender.close();
  }
}
