import fc from 'fast-check';
import type { RecordedRequest } from '../request-log.js';
import { eventsOf } from '../wire-events.js';
import { clientClause, failed, FOUNDATION, QUIET_MS } from './client-clause.js';
import { type FaultCase, faultCase, playFaults } from './fault-case.js';

/** How long after a 400 a resend is watched for (a retry comes after the client's backoff: well under this). */
const NO_RETRY_WATCH_MS = 2_500;

export const noRetry400Clause = clientClause<FaultCase>({
  id: '7.no-retry-400',
  level: 'MUST',
  title: 'never retries a batch answered with 400',
  spec: 'docs/decisions.md (400 is never retried)',
  requires: FOUNDATION,
  arbitrary: (context) => faultCase(context, fc.constant([{ kind: 'status', status: 400 }])),
  // A passing run waits out a watch window after the 400: one run (the calls do not change the verdict).
  property: { maxRuns: 1 },
  cost: 2,
  async check(context, value, id) {
    const resent = (requests: readonly RecordedRequest[]) => {
      const refusedWith400 = requests.find((r) => r.status === 400);
      if (refusedWith400 === undefined) return undefined;
      const markers = new Set(eventsOf(refusedWith400).map((e) => e.marker));
      const again = requests.filter(
        (r) =>
          r !== refusedWith400 &&
          r.receivedAt >= refusedWith400.receivedAt &&
          eventsOf(r).some((e) => markers.has(e.marker)),
      );
      return again.length === 0
        ? undefined
        : `The batch the mock refused with 400 was sent again${again[0]?.receivedAt !== undefined ? ` ${Math.round(again[0].receivedAt - (refusedWith400.respondedAt ?? refusedWith400.receivedAt))} ms later` : ''}. A 400 means the request itself is wrong (bad JSON, over a size limit): sending it again cannot succeed, so drop it and report the failure (docs/decisions.md).`;
    };
    // The batch leaves through flushAt; the quiet window after the 400 is where a retry would come. Close only
    // afterwards, so a client that would retry is not let off by a close that abandons the batch.
    const { run, stopped } = await playFaults(context, id, value, resent, NO_RETRY_WATCH_MS);
    if (stopped !== undefined) return failed(run, stopped);
    if (!run.requests().some((r) => r.status === 400))
      return failed(
        run,
        `The batch never reached the mock within ${QUIET_MS} ms, so the 400 could not be answered. A batch leaves when flushAt (${run.config.flushAt}) calls are queued (rule 4.3.2).`,
      );
    await run.end('close', { stopWhen: resent, timeoutMs: NO_RETRY_WATCH_MS });
    const finding = resent(run.requests());
    if (finding !== undefined) return failed(run, `${finding} (while closing)`);
    return undefined;
  },
});
