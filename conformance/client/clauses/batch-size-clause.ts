import fc from 'fast-check';
import { PAD_CHARS } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { requestsCarrying } from '../wire-events.js';
import {
  clientClause,
  collect,
  failed,
  FOUNDATION,
  topUp,
  refusals,
  undelivered,
  type RunFailure,
} from './client-clause.js';
import { MAX_REQUEST_BYTES, tracks } from './size-limits.js';

/** How the calls of one batch of a 4.2.batch-size run are padded, and how many the batch holds. */
type BatchKind = 'multi-byte' | 'ascii' | 'aggregate';

interface BigCalls {
  /** Target JSON bytes of each call near 32 KiB (about 200 added by the client included): 20 to 30 calls. */
  readonly sizes: readonly number[];
  /** In the multi-byte batch, call i is padded with PAD_CHARS[(i + offset) % 4]: 1- to 4-byte text mixed. */
  readonly offset: number;
  /** 70 to 100 calls of 7.5 to 9 KB, for a client that takes flushAt: over 500 KiB only all together. */
  readonly aggregate: readonly number[];
}

const padCharOf = (kind: BatchKind, offset: number, i: number) =>
  kind === 'multi-byte' ? (PAD_CHARS[(i + offset) % PAD_CHARS.length] ?? 'x') : 'x';

/**
 * Runs of accepted calls (at least two, in call order) that no request ever carried, when no request went over the
 * limit: a batch the client took off its queue and dropped (analytics-php 3.8.2 drops a batch whose serialised size
 * reaches 500 KB, lib/Consumer/QueueConsumer.php flush()), rather than calls lost one by one.
 */
function droppedBatches(run: ClientRun): { from: number; to: number; bytes: number }[] {
  const requests = run.requests();
  const groups: { from: number; to: number; bytes: number }[] = [];
  let group: { from: number; to: number; bytes: number } | undefined;
  for (const call of run.calls) {
    const unsent = call.refused === undefined && requestsCarrying(requests, call.marker).length === 0;
    if (unsent) {
      const bytes = Buffer.byteLength(JSON.stringify(call.message));
      group =
        group === undefined
          ? { from: call.index, to: call.index, bytes }
          : { ...group, to: call.index, bytes: group.bytes + bytes };
      continue;
    }
    if (call.refused !== undefined) continue;
    if (group !== undefined && group.to > group.from) groups.push(group);
    group = undefined;
  }
  if (group !== undefined && group.to > group.from) groups.push(group);
  return groups;
}

export const batchSizeClause = clientClause<BigCalls>({
  id: '4.2.batch-size',
  level: 'MUST',
  title: 'never sends a request over 500 KiB (counted in UTF-8 bytes), splitting batches instead of dropping them',
  spec: 'rule 4.2, 8 (client batch request size 500 KB)',
  requires: FOUNDATION,
  notInE2eCli:
    'a batch over 500 KiB needs more events than one --input argument carries (at most 131,071 bytes on Linux, MAX_ARG_STRLEN)',
  // Every run plays each way of breaking the limit, a fresh client each: events near 32 KiB of 1- to 4-byte text (any
  // 20 of them, the rules' flushAt, are over 500 KiB, and a client counting characters or UTF-16 units does not
  // split), the same of plain ASCII (a client that refuses multi-byte text one call at a time still meets a big
  // batch), and, for a client that takes flushAt, 70 to 100 events of 7.5 to 9 KB, over 500 KiB only all together.
  arbitrary: () =>
    fc.record({
      sizes: fc.array(fc.integer({ min: 26_000, max: 31_500 }), { minLength: 20, maxLength: 30 }),
      offset: fc.nat({ max: PAD_CHARS.length - 1 }),
      aggregate: fc.array(fc.integer({ min: 7_500, max: 9_000 }), { minLength: 70, maxLength: 100 }),
    }),
  // Each run moves two or three megabytes and a failing one waits out a quiet window: two runs, the first failure
  // reported as found (the drawn sizes are already near the smallest that show it); the clause's share of the budget
  // (and --clause-timeout-ms) bounds the rest.
  property: { maxRuns: 2, endOnFailure: true },
  cost: 3,
  async check(context, value, id) {
    const kinds: BatchKind[] = context.knobs.flushAt ? ['multi-byte', 'ascii', 'aggregate'] : ['multi-byte', 'ascii'];
    for (const kind of kinds) {
      const failure = await playBatch(
        context,
        id,
        kind,
        kind === 'aggregate' ? value.aggregate : value.sizes,
        value.offset,
      );
      if (failure !== undefined) return failure;
    }
    return undefined;
  },
});

const PADDING: Record<BatchKind, string> = {
  'multi-byte': '1- to 4-byte text (x, é, €, 😀)',
  ascii: 'plain ASCII text',
  aggregate: 'plain ASCII text, over 500 KiB only all together',
};

/** One batch of a run: `sizes` calls, flushAt their number (so the flushAt rule alone makes the batch), then judged. */
async function playBatch(
  context: ClientContext,
  id: string,
  kind: BatchKind,
  sizes: readonly number[],
  offset: number,
): Promise<RunFailure | undefined> {
  // The flushAt rule alone decides the batch: a short flushAfter let a client that never splits (analytics-node 6)
  // pass on a loaded machine, its timer cutting the batch while the calls reached it slowly. What a splitting client
  // keeps below flushAt is sent when collect closes it.
  const run = await context.begin(id, { flushAt: sizes.length, flushAfterMs: 60_000 }, []);
  for (const [i, size] of sizes.entries()) await run.callAll(tracks([size], padCharOf(kind, offset, i)));
  await topUp(run);
  const over = (requests: readonly RecordedRequest[]) =>
    requests.some((r) => r.bytes > MAX_REQUEST_BYTES) ? 'a request over the limit' : undefined;
  await collect(context, run, over);
  const largest = run.requests().reduce((max, r) => (r.bytes > max.bytes ? r : max), { bytes: 0 } as {
    bytes: number;
    status?: number | undefined;
  });
  const calls = `${sizes.length} calls of about ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024)} KiB each of ${PADDING[kind]}`;
  if (largest.bytes > MAX_REQUEST_BYTES)
    return failed(
      run,
      `A request body was ${largest.bytes} bytes, over the limit of ${MAX_REQUEST_BYTES} (500 KiB), after ${calls}${largest.status !== undefined ? `; the mock answered ${largest.status}` : ''} and every event in it is lost. Split a flush into several requests, each at most 500 KiB of JSON counted in UTF-8 bytes, not characters (rule 4.2, 8).`,
    );
  const dropped = droppedBatches(run);
  const first = dropped[0];
  if (first !== undefined) {
    const stderr = run.driverStderr();
    return failed(
      run,
      `The client dropped a batch: calls ${first.from} to ${first.to} (${first.to - first.from + 1} of ${calls}, ${Math.round(first.bytes / 1024)} KiB of JSON together) were accepted (the driver answered ok) and no request ever carried any of them, while every request stayed within 500 KiB${dropped.length > 1 ? ` (${dropped.length} such batches)` : ''}.${refusals(run)}${stderr === '' ? '' : ` The driver logged: ${stderr}.`} A client that finds a batch over 500 KiB must split it into several requests, not drop it after taking it off its queue (rule 4.2, 8).`,
    );
  }
  const lost = undelivered(run);
  if (lost.length > 0)
    return failed(
      run,
      `Calls ${lost.join(', ')} were never delivered (no request answered 2xx carried them), though every request stayed within 500 KiB.${refusals(run)} Split large flushes into several requests instead of dropping calls.`,
    );
  return undefined;
}
