import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { type CliRunRecord, describeCliExit, describeCliOutput, shortJson } from '../e2e-cli/cli-run-record.js';
import { describeFault, type FaultStep, ok } from '../fault-schedule.js';
import type { OpOutcome } from '../op-outcome.js';
import { requestsCarrying } from '../wire-events.js';
import { acceptedCalls, clientClause, failed, FOUNDATION, listed, refusals, undelivered } from './client-clause.js';
import type { RunFailure } from './client-clause.js';
import { SESSION_FLUSH_AFTER_MS } from './wire-session.js';

/**
 * The clauses of the e2e-cli contract itself (Segment's SDK repositories, `e2e-cli/`): what the CLI prints and how
 * it takes its input. The clauses of the rules judge what its SDK sends; these judge the CLI's own word.
 */

interface ResultCase {
  readonly flushAt: number;
  readonly calls: readonly CallSpec[];
  /** The mock's answers to the first requests: a 400 loses the batch for good, a 503 is retried and delivered. */
  readonly faults: readonly FaultStep[];
}

const REFUSED: FaultStep = { kind: 'status', status: 400 };
const RETRIED: FaultStep = { kind: 'status', status: 503 };

const resultCase = (context: ClientContext) =>
  fc.record({
    flushAt: fc.integer({ min: 1, max: 5 }),
    calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 6 }),
    // Mostly a batch lost for good (a 400, at once or after a 503), else one retried and delivered, or none.
    faults: fc.oneof(
      { arbitrary: fc.constantFrom<readonly FaultStep[]>([REFUSED], [RETRIED, REFUSED], [ok, REFUSED]), weight: 4 },
      { arbitrary: fc.constantFrom<readonly FaultStep[]>([RETRIED], []), weight: 1 },
    ),
  });

const faultsOf = (faults: readonly FaultStep[]) =>
  faults.length === 0
    ? 'no faults'
    : `the mock answering ${faults.map(describeFault).join(', ')} to the first requests`;

/** Starts the CLI with the calls and waits for it to end (the settle timeout at most). */
async function playResult(
  context: ClientContext,
  id: string,
  value: ResultCase,
): Promise<{ run: ClientRun; outcome: OpOutcome; record: CliRunRecord | undefined }> {
  const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS }, value.faults);
  await run.callAll(value.calls);
  const outcome = await run.end('close');
  return { run, outcome, record: run.cliRuns().at(-1) };
}

/** The failure of a CLI that did not end, or ended without a result, or undefined when it printed one. */
function noResult(
  run: ClientRun,
  outcome: OpOutcome,
  record: CliRunRecord | undefined,
  given: string,
): RunFailure | undefined {
  if (record === undefined) return failed(run, `${given}, no e2e CLI was started: the suite made no call.`);
  if (outcome.kind === 'timeout' || record.killed === 'deadline')
    return failed(
      run,
      `${given}, the e2e CLI had not exited ${outcome.kind === 'timeout' ? `${outcome.ms} ms after its events were due` : `at its deadline of ${record.deadlineMs} ms`}; it ${describeCliOutput(record)}. It must flush, close and exit once its sequences are done (a harness waits on its exit for the result).`,
    );
  if (record.result === undefined)
    return failed(
      run,
      `${given}, the e2e CLI ${describeCliExit(record)} and ${describeCliOutput(record)}. Its result is the last JSON value on stdout, {"success": true|false, "sentBatches": N, "error": "..."}, printed whatever happened, so a harness can read it (the e2e-cli contract).`,
    );
  return undefined;
}

export const e2eResultClause = clientClause<ResultCase>({
  id: 'e2e-cli.result',
  level: 'MUST',
  title: 'prints its result, and never says success: true while a call was not delivered',
  spec: "the e2e-cli contract (Segment's SDK repositories, e2e-cli/): the last JSON value on stdout, {success, sentBatches, error?}",
  requires: FOUNDATION,
  arbitrary: resultCase,
  property: { maxRuns: 6 },
  cost: 2,
  async check(context, value, id) {
    const { run, outcome, record } = await playResult(context, id, value);
    const given = `With ${acceptedCalls(run).length} calls, flushAt ${run.config.flushAt} and ${faultsOf(value.faults)}`;
    const missing = noResult(run, outcome, record, given);
    if (missing !== undefined || record?.result === undefined) return missing;
    if (record.result.success !== true) return undefined;
    const lost = undelivered(run);
    if (lost.length === 0) return undefined;
    return failed(
      run,
      `${given}, the e2e CLI printed ${shortJson(record.result)} although calls ${listed(lost)} were never delivered (no request the mock accepted carried them).${refusals(run)} success: true tells a harness every event was delivered: say false, with the error, when one was refused or never sent.`,
    );
  },
});

export const e2eResultFailureClause = clientClause<ResultCase>({
  id: 'e2e-cli.result.failure',
  level: 'SHOULD',
  title: 'says success: false only when a call was not delivered, and exits 0 on success, 1 on failure',
  spec: "the e2e-cli contract (Segment's SDK repositories, e2e-cli/): process.exit(success ? 0 : 1)",
  requires: [...FOUNDATION, 'e2e-cli.result'],
  arbitrary: resultCase,
  property: { maxRuns: 3 },
  cost: 2,
  async check(context, value, id) {
    const { run, outcome, record } = await playResult(context, id, value);
    const given = `With ${acceptedCalls(run).length} calls, flushAt ${run.config.flushAt} and ${faultsOf(value.faults)}`;
    const missing = noResult(run, outcome, record, given);
    if (missing !== undefined || record?.result === undefined) return missing;
    const { success } = record.result;
    const code = record.exit?.code;
    if (success === false && undelivered(run).length === 0)
      return failed(
        run,
        `${given}, every call was delivered, yet the e2e CLI printed ${shortJson(record.result)}. success: false tells a harness an event was lost: count a batch as failed only on its last attempt (one retried and then accepted was delivered).`,
      );
    if ((success === true && code !== 0) || (success === false && code === 0))
      return failed(
        run,
        `${given}, the e2e CLI printed "success": ${String(success)} and ${describeCliExit(record)}: exit 0 with success: true and 1 with success: false, so a harness that reads only the exit code reads the same (the e2e-cli contract).`,
      );
    return undefined;
  },
});

/** Types the contract does not name (it has identify, track, page, screen, group and alias). */
const UNKNOWN_TYPES = ['purchase', 'Track', 'event', 'batch', 'pageview', 'delete'] as const;

interface UnknownTypeCase {
  readonly flushAt: number;
  readonly before: readonly CallSpec[];
  readonly type: string;
  readonly after: readonly CallSpec[];
}

export const e2eUnknownTypeClause = clientClause<UnknownTypeCase>({
  id: 'e2e-cli.unknown-type',
  level: 'MUST',
  title: 'an event of a type the contract does not name neither stops the run nor is sent: the others are delivered',
  spec: "the e2e-cli contract (Segment's SDK repositories, e2e-cli/): type is identify, track, page, screen, alias or group",
  requires: FOUNDATION,
  arbitrary: (context) => {
    const calls = fc.array(callSpec({ screen: context.capabilities.has('screen') }), { maxLength: 3 });
    return fc
      .record({
        flushAt: fc.integer({ min: 1, max: 5 }),
        before: calls,
        type: fc.constantFrom(...UNKNOWN_TYPES),
        after: calls,
      })
      .filter((c) => c.before.length + c.after.length > 0);
  },
  property: { maxRuns: 3 },
  cost: 2,
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS }, []);
    await run.callAll(value.before);
    const marker = `${run.key}-unknown`;
    run.inject({ type: value.type, userId: marker, event: 'Unknown type', properties: { eh_marker: marker } });
    await run.callAll(value.after);
    const outcome = await run.end('close');
    const record = run.cliRuns().at(-1);
    const given = `Given an event of type ${JSON.stringify(value.type)} (not one of the six the contract names) after ${value.before.length} and before ${value.after.length} valid calls`;
    const missing = noResult(run, outcome, record, given);
    if (missing !== undefined) return missing;
    const lost = undelivered(run);
    if (lost.length > 0)
      return failed(
        run,
        `${given}, valid calls ${listed(lost)} were never delivered; the e2e CLI ${record === undefined ? 'did not start' : `${describeCliExit(record)} and ${describeCliOutput(record)}`}.${refusals(run)} Skip the unknown event (say so in the result's error) and send the others: one bad event must not lose a run.`,
      );
    const sent = requestsCarrying(run.requests(), marker);
    if (sent.length > 0)
      return failed(
        run,
        `${given}, the event of type ${JSON.stringify(value.type)} was sent (the mock answered ${sent[0]?.status ?? 'nothing'}); the service refuses every type but the six, so it is lost anyway. Refuse it in the CLI (or let the SDK refuse it) and say so in the result.`,
      );
    return undefined;
  },
});

export const e2eCliOnlyClauses: readonly Clause<ClientContext>[] = [
  e2eResultClause,
  e2eResultFailureClause,
  e2eUnknownTypeClause,
];
