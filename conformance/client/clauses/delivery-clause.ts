import fc from 'fast-check';
import { callSpec, type CallSpec } from '../client-calls.js';
import {
  connectionReset,
  describeFault,
  retryableSchedule,
  serverError,
  slowAnswer,
  tooManyRequests,
  type FaultStep,
} from '../fault-schedule.js';
import { clientClause, failed, FOUNDATION } from './client-clause.js';

interface DeliveryCase {
  readonly flushAt: number;
  readonly flushAfterMs: number;
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

/** Runs of the end-to-end clause. */
const DELIVERED_RUNS = 10;

/** What the end-to-end clause builds on; when one of them failed, its finding explains this one. */
const BUILDS_ON = [
  '5.3.write-key',
  '4.2.accepted',
  '2.3.required-fields',
  '2.2.timestamp',
  '4.3.unique-message-ids',
  '7.retry.5xx',
  '7.retry.429',
  '7.reset',
  '7.slow-server',
];

export const deliveredClause = clientClause<DeliveryCase>({
  id: '4.3.delivered',
  level: 'MUST',
  title: 'delivers every valid call exactly once by the time close answers, through server faults',
  spec: 'rule 4.3 (messages are flushed in the background), 7; docs/decisions.md (close resolves when everything queued is settled)',
  requires: FOUNDATION,
  // Started beside them, not after: its runs wait out the client's backoff too, and the chain would add up.
  cost: 6,
  judgedAfter: BUILDS_ON.filter((id) => !(FOUNDATION as readonly string[]).includes(id)),
  arbitrary: (context) =>
    fc.record({
      flushAt: fc.integer({ min: 1, max: 5 }),
      flushAfterMs: fc.constantFrom(100, 250, 1_000),
      calls: fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 10 }),
      faults: retryableSchedule([serverError(), tooManyRequests(), connectionReset(), slowAnswer(300)], 3),
    }),
  // Each run waits out the client's real backoff for every fault (@segment/analytics-node: 1-2 s, 2-4 s, 4-8 s), and
  // the clause comes last, after the clauses it builds on: ten runs, not the suite's twenty.
  property: { maxRuns: DELIVERED_RUNS },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: value.flushAfterMs }, value.faults);
    await run.callAll(value.calls);
    const outcome = await run.end('close');
    const problem = run.problem(outcome, 'close');
    const faults =
      value.faults.length === 0
        ? 'with no faults'
        : `with the mock answering ${value.faults.map(describeFault).join(', ')} to the first requests`;
    if (problem !== undefined)
      return failed(
        run,
        `${faults[0]?.toUpperCase()}${faults.slice(1)}, ${problem}. close must answer once every queued call is settled (the driver protocol, docs/client-suite.md).`,
      );
    const accepted = new Map<string, number>();
    for (const entry of await run.journal()) {
      // Filtered events were accepted too; only their webhook delivery is off (an integrations map with All: false).
      if (entry.status !== 'accepted' && entry.status !== 'filtered') continue;
      const marker = String(entry.event.userId ?? entry.event.anonymousId);
      accepted.set(marker, (accepted.get(marker) ?? 0) + 1);
    }
    // A call the driver refused is 2.3.valid-calls' finding, not a loss.
    const lost = run.calls.filter((c) => c.refused === undefined && (accepted.get(c.marker) ?? 0) === 0);
    if (lost.length > 0) {
      return failed(
        run,
        `${faults[0]?.toUpperCase()}${faults.slice(1)}, close answered but call${lost.length === 1 ? '' : 's'} ${lost.map((c) => `${c.index} (${c.op})`).join(', ')} never reached the service's accepted events (${lost.length} of ${run.calls.length}). close must send everything still queued and wait for it, retrying what failed, before it answers (rule 4.3; docs/decisions.md).`,
      );
    }
    const twice = run.calls.find((c) => (accepted.get(c.marker) ?? 0) > 1);
    if (twice !== undefined) {
      return failed(
        run,
        `${faults[0]?.toUpperCase()}${faults.slice(1)}, call ${twice.index} (${twice.op}) was accepted ${accepted.get(twice.marker)} times under different messageIds. A retry must resend the same events with the same messageIds, so the service can drop the repeat (docs/decisions.md).`,
      );
    }
    return undefined;
  },
});
