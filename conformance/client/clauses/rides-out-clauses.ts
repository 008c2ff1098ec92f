import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { connectionReset, serverError, slowAnswer, tooManyRequests, type FaultStep } from '../fault-schedule.js';
import type { RecordedRequest } from '../request-log.js';
import { eventsOf, requestsCarrying, writeKeysOf } from '../wire-events.js';
import {
  acceptedCalls,
  clientClause,
  failed,
  FOUNDATION,
  listed,
  QUIET_MS,
  refusals,
  undelivered,
} from './client-clause.js';
import { describeSchedule, type FaultCase, faultCase, playFaults } from './fault-case.js';

/** The first call whose event went out under more than one messageId. */
function renamedOnRetry(run: ClientRun) {
  const requests = run.requests();
  return run.calls.find(
    (call) =>
      new Set(
        requests.flatMap((r) =>
          eventsOf(r)
            .filter((e) => e.marker === call.marker)
            .map((e) => e.event.messageId),
        ),
      ).size > 1,
  );
}

const carriesKey = (request: RecordedRequest, writeKey: string) => {
  const keys = writeKeysOf(request);
  return keys.basic === writeKey || keys.body === writeKey;
};

/** Runs of a rides-out clause. */
const RIDE_OUT_RUNS = 4;

/** The calls must reach a 2xx answer however many retryable faults came first. */
function ridesOut(
  id: string,
  title: string,
  spec: string,
  faults: fc.Arbitrary<readonly FaultStep[]>,
  advice: string,
  extra: { judgedAfter?: readonly string[] } = {},
): Clause<ClientContext> {
  // Each run waits out the client's backoff: among the longest clauses.
  const cost = 4;
  return clientClause<FaultCase>({
    id,
    level: 'MUST',
    title,
    spec,
    requires: FOUNDATION,
    ...(extra.judgedAfter !== undefined ? { judgedAfter: extra.judgedAfter } : {}),
    cost,
    arbitrary: (context) => faultCase(context, faults),
    // A failing run costs a quiet window: the first failure is reported as found (the values are small already).
    // Each run costs the client's real backoff (1-2 s, then 2-4 s for @segment/analytics-node), and the space is
    // small (one to four calls, one to three faults): four runs.
    property: { maxRuns: RIDE_OUT_RUNS, endOnFailure: true },
    async check(context, value, clauseId) {
      const { run } = await playFaults(context, clauseId, value);
      const keyless = run.requests().findIndex((r) => !carriesKey(r, run.writeKey));
      if (keyless > 0)
        return failed(
          run,
          `With the mock answering ${describeSchedule(value.faults)} to the first requests, request ${keyless + 1} (a retry) did not carry the write key ${JSON.stringify(run.writeKey)}${run.requests()[keyless]?.status !== undefined ? ` and the mock answered ${run.requests()[keyless]?.status}` : ''}. A retry resends the same request: the write key too (Basic auth user name or "writeKey" in the body; rule 2.5, 5.3).`,
        );
      const renamed = renamedOnRetry(run);
      if (renamed !== undefined)
        return failed(
          run,
          `With the mock answering ${describeSchedule(value.faults)} to the first requests, call ${renamed.index} (${renamed.op}) was retried under another messageId. A retry resends the same events with the same messageIds: when the service did take a request whose answer was lost, it drops the repeat by messageId; a new id makes it a second event (docs/decisions.md).`,
        );
      const lost = undelivered(run);
      if (lost.length === 0) return undefined;
      const attempts = requestsCarrying(run.requests(), acceptedCalls(run)[0]?.marker ?? '').length;
      // An e2e CLI closes once its calls are made: it ended without sending the batch again.
      const after =
        run.cliRuns().length > 0
          ? 'and the e2e CLI closed and exited without sending it again'
          : `and no request came for ${QUIET_MS} ms after the last answer (no flush or close was asked for: the batch left through flushAt ${run.config.flushAt})`;
      return failed(
        run,
        `The mock answered the first request(s) ${describeSchedule(value.faults)}, and calls ${listed(lost)} were never delivered: the batch was sent ${attempts} time${attempts === 1 ? '' : 's'} in all, ${after}.${refusals(run)} ${advice}`,
      );
    },
  });
}

export const retry5xxClause = ridesOut(
  '7.retry.5xx',
  'retries a batch answered with a 5xx until it is accepted',
  'rule 7 (5xx is retried); docs/decisions.md',
  fc.array(serverError(), { minLength: 1, maxLength: 3 }),
  'A 5xx is a transient failure of the service: keep the batch and send it again, with backoff, until a 2xx (rule 7; docs/decisions.md).',
);

export const retry429Clause = ridesOut(
  '7.retry.429',
  'retries a batch answered with 429',
  'docs/decisions.md (429 is retried)',
  fc.array(tooManyRequests(), { minLength: 1, maxLength: 2 }),
  '429 asks the client to slow down, not to drop the batch: retry it with backoff (docs/decisions.md).',
  { judgedAfter: ['7.retry.5xx'] },
);

export const resetClause = ridesOut(
  '7.reset',
  'survives a connection reset without an answer, and delivers the batch',
  'rule 7 (retried later); docs/decisions.md (network errors are retried)',
  fc.array(connectionReset(), { minLength: 1, maxLength: 2 }),
  'A connection dropped without an answer is a network error: catch it (it must not crash the process) and retry the batch (docs/decisions.md).',
  { judgedAfter: ['7.retry.5xx'] },
);

export const slowServerClause = ridesOut(
  '7.slow-server',
  'delivers through a slow server (answers delayed up to 800 ms)',
  'rule 7, 8',
  fc.array(slowAnswer(800), { minLength: 1, maxLength: 2 }),
  'Wait for the answer (a request timeout of several seconds), or retry a timed-out request with the same messageIds.',
  {},
);
