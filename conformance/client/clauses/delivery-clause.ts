import fc from 'fast-check';
import { callSpec, markerOf, type CallSpec, type SentCall } from '../client-calls.js';
import type { ClientRun } from '../client-run.js';
import {
  connectionReset,
  describeFault,
  retryableSchedule,
  serverError,
  slowAnswer,
  tooManyRequests,
  type FaultStep,
} from '../fault-schedule.js';
import { isSuccess, requestsCarrying } from '../wire-events.js';
import { clientClause, failed, FOUNDATION } from './client-clause.js';

interface DeliveryCase {
  readonly flushAt: number;
  readonly flushAfterMs: number;
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

/** How long after close answered the clause watches for calls it found missing, to say whether they were only late. */
const LATE_WATCH_MS = 1_000;

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
        ? 'With no faults'
        : `With the mock answering ${value.faults.map(describeFault).join(', ')} to the first requests`;
    if (problem !== undefined)
      return failed(
        run,
        `${faults}, ${problem}. close must answer once every queued call is settled (the driver protocol, docs/client-suite.md).`,
      );
    const { accepted, refusedBy } = await journalTally(run);
    // A call the driver refused is 2.3.valid-calls' finding, not a loss.
    const lost = run.calls.filter((c) => c.refused === undefined && (accepted.get(c.marker) ?? 0) === 0);
    const rejected = lost.filter((c) => refusedBy.has(c.marker));
    if (rejected.length > 0) {
      // It reached the service, which journaled it but did not accept it: name the reason, whoever is right.
      return failed(
        run,
        `${faults}, call${rejected.length === 1 ? '' : 's'} ${rejected.map((c) => `${c.index} (${c.op})`).join(', ')} reached the service, which did not accept ${rejected.length === 1 ? 'it' : 'them'}: journaled ${rejected.map((c) => `call ${c.index} as ${refusedBy.get(c.marker) ?? ''}`).join('; ')}. The event as sent is in the run's requests; send each call in a form the collection API accepts (docs/decisions.md).`,
      );
    }
    if (lost.length > 0) return failed(run, await lostCallsFinding(run, lost, faults));
    const twice = run.calls.find((c) => (accepted.get(c.marker) ?? 0) > 1);
    if (twice !== undefined) {
      return failed(
        run,
        `${faults}, call ${twice.index} (${twice.op}) was accepted ${accepted.get(twice.marker)} times under different messageIds. A retry must resend the same events with the same messageIds, so the service can drop the repeat (docs/decisions.md).`,
      );
    }
    return undefined;
  },
});

/** How many times the service accepted each marker's event, and why it did not accept the others it received. */
async function journalTally(
  run: ClientRun,
): Promise<{ accepted: Map<string, number>; refusedBy: Map<string, string> }> {
  const accepted = new Map<string, number>();
  const refusedBy = new Map<string, string>();
  for (const entry of await run.journal()) {
    const marker = markerOf(entry.event) ?? '';
    // Filtered events were accepted too; only their webhook delivery is off (an integrations map with All: false).
    if (entry.status === 'accepted' || entry.status === 'filtered')
      accepted.set(marker, (accepted.get(marker) ?? 0) + 1);
    else if (!refusedBy.has(marker))
      refusedBy.set(marker, `${entry.status}${entry.reason !== undefined ? `: ${entry.reason}` : ''}`);
  }
  return { accepted, refusedBy };
}

/** Calls close answered without: only late (they arrive within a moment), or never sent. */
async function lostCallsFinding(run: ClientRun, lost: readonly SentCall[], faults: string): Promise<string> {
  // Still on its way (a retry close did not wait for)? A moment to see it come, so the finding says so.
  const closedAt = Date.now();
  const arrived = await run.waitFor(
    (requests) => lost.every((c) => requestsCarrying(requests.filter(isSuccess), c.marker).length > 0),
    LATE_WATCH_MS,
  );
  const calls = `call${lost.length === 1 ? '' : 's'} ${lost.map((c) => `${c.index} (${c.op})`).join(', ')}`;
  if (!arrived)
    return `${faults}, close answered but ${calls} never reached the service (${lost.length} of ${run.calls.length}: no event of ${lost.length === 1 ? 'it' : 'them'} is in its journal, accepted or not). close must send everything still queued and wait for it, retrying what failed, before it answers (rule 4.3; docs/decisions.md).`;
  const late = Math.max(
    ...lost.map(
      (c) => (requestsCarrying(run.requests().filter(isSuccess), c.marker)[0]?.receivedAt ?? closedAt) - closedAt,
    ),
  );
  return `${faults}, close answered before ${calls} had reached the service: ${lost.length === 1 ? 'it' : 'they'} arrived ${Math.max(0, Math.round(late))} ms after close answered. close must wait until everything queued is settled, retries included, before it answers: a process that exits when close returns loses them (rule 4.3; docs/decisions.md).`;
}
