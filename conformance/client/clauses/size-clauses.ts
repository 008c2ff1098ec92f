import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext } from '../client-context.js';
import { allEvents, requestsCarrying } from '../wire-events.js';
import { clientClause, failed, FOUNDATION, flushed, undelivered } from './client-clause.js';

/** SPEC 4.2 and 8: a batch request at most 500 KB, a single call at most 32 KB (DESIGN 2: 512,000 and 32,768 bytes). */
export const MAX_REQUEST_BYTES = 512_000;
export const MAX_EVENT_BYTES = 32_768;

interface BigCalls {
  readonly sizes: readonly number[];
}

const tracks = (sizes: readonly number[]): CallSpec[] => sizes.map((padTo) => ({ op: 'track', identity: 'userId', data: {}, padTo }));

export const batchSizeClause = clientClause<BigCalls>({
  id: '4.2.batch-size',
  level: 'MUST',
  title: 'never sends a request over 500 KiB, splitting batches instead',
  spec: 'SPEC 4.2, 8 (client batch request size 500 KB)',
  requires: FOUNDATION,
  needs: ['maxBatchSize'],
  // Events near 32 KiB, enough of them that one batch would be well over 500 KiB.
  arbitrary: () => fc.record({ sizes: fc.array(fc.integer({ min: 24_000, max: 31_000 }), { minLength: 18, maxLength: 30 }) }),
  // Each run moves about a megabyte; shrinking stops after ten seconds with the smallest failure so far.
  property: { maxRuns: 4, timeLimitMs: 10_000 },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: 100, flushAfterMs: 60_000 }, []);
    await run.callAll(tracks(value.sizes));
    const problem = await flushed(run);
    const largest = run.requests().reduce((max, r) => (r.bytes > max.bytes ? r : max), { bytes: 0 } as { bytes: number; route?: string });
    if (largest.bytes > MAX_REQUEST_BYTES) {
      return failed(run, `A request body was ${largest.bytes} bytes, over the limit of ${MAX_REQUEST_BYTES} (500 KiB), after ${value.sizes.length} calls of about ${Math.round(value.sizes.reduce((a, b) => a + b, 0) / value.sizes.length / 1024)} KiB each; the service refuses it with 400 and every event in it is lost. Split a flush into several requests, each at most 500 KiB of JSON (SPEC 4.2, 8).`);
    }
    if (problem !== undefined) return problem;
    const lost = undelivered(run);
    if (lost.length > 0) return failed(run, `Calls ${lost.join(', ')} were never delivered (no request answered 2xx carried them), though every request stayed within 500 KiB. Split large flushes into several requests instead of dropping calls.`);
    return undefined;
  },
});

interface OversizedCase {
  readonly before: readonly CallSpec[];
  readonly size: number;
  readonly after: readonly CallSpec[];
}

const oversizedCase = (context: ClientContext) => {
  const calls = fc.array(callSpec({ screen: context.capabilities.has('screen'), integrations: 'never' }), { maxLength: 2 });
  return fc.record({ before: calls, size: fc.integer({ min: 33_000, max: 40_000 }), after: calls });
};

/** Plays an oversized case; answers the run and the oversized call. */
async function playOversized(context: ClientContext, id: string, value: OversizedCase) {
  const run = await context.begin(id, { flushAt: 100, flushAfterMs: 60_000 }, []);
  await run.callAll(value.before);
  const [big] = await run.callAll(tracks([value.size]));
  await run.callAll(value.after);
  return { run, big: big!, problem: await flushed(run) };
}

export const eventSizeClause = clientClause<OversizedCase>({
  id: '4.2.event-size',
  level: 'MUST',
  title: 'never sends an event over 32 KiB',
  spec: 'SPEC 4.2, 8 (client single call size 32 KB)',
  requires: FOUNDATION,
  needs: ['maxEventSize'],
  arbitrary: oversizedCase,
  property: { maxRuns: 8 },
  async check(context, value, id) {
    const { run, big, problem } = await playOversized(context, id, value);
    const carriers = requestsCarrying(run.requests(), big.marker);
    const sent = allEvents(carriers).find((e) => e.marker === big.marker);
    if (carriers.length > 0 && sent !== undefined) {
      const status = carriers[0]?.status;
      const bytes = Buffer.byteLength(JSON.stringify(sent.event));
      return failed(run, `Call ${big.index}, a track whose JSON was ${bytes} bytes as sent (over the ${MAX_EVENT_BYTES}-byte limit), was sent${status !== undefined ? ` and the mock answered ${status}` : ''}; the service refuses the whole request, losing the other events in it. Measure each message's JSON in UTF-8 bytes when it is called and refuse one over 32 KiB (SPEC 4.2, 8) instead of queueing it.`);
    }
    if (problem !== undefined) return problem;
    const lost = undelivered(run).filter((call) => !call.startsWith(`${big.index} `));
    if (lost.length > 0) return failed(run, `Calls ${lost.join(', ')} beside the oversized call ${big.index} were never delivered. Refuse the oversized call alone; the others are valid and must be sent.`);
    return undefined;
  },
});

export const eventSizeRefusedClause = clientClause<OversizedCase>({
  id: '4.2.event-size.refused',
  level: 'SHOULD',
  title: 'tells the caller when it refuses an event over 32 KiB',
  spec: 'SPEC 4.2; DESIGN 2 (an invalid call is refused with a typed error)',
  requires: [...FOUNDATION, '4.2.event-size'],
  needs: ['maxEventSize'],
  arbitrary: oversizedCase,
  property: { maxRuns: 4 },
  async check(context, value, id) {
    const { run, big } = await playOversized(context, id, value);
    if (big.refused !== undefined) return undefined;
    return failed(run, `Call ${big.index}, a track of about ${Math.round(value.size / 1024)} KiB, was answered {"ok": true}: the caller cannot tell that it will never be sent. Throw (or return) an error from the call, so the driver answers {"ok": false, "error": ...} (DESIGN 2).`);
  },
});

export const sizeClauses: readonly Clause<ClientContext>[] = [eventSizeClause, eventSizeRefusedClause, batchSizeClause];
