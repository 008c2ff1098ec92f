import fc from 'fast-check';
import { PAD_CHARS } from '../client-calls.js';
import type { ClientRun } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { requestsCarrying } from '../wire-events.js';
import { clientClause, collect, failed, FOUNDATION, topUp, refusals, undelivered } from './client-clause.js';
import { MAX_REQUEST_BYTES, tracks } from './size-limits.js';

/** How the calls of a 4.2.batch-size run are padded, and how many a batch holds. */
type BatchKind = 'ascii' | 'multi-byte' | 'aggregate';

interface BigCalls {
  readonly kind: BatchKind;
  /** Target JSON bytes of each call (about 200 added by the client included). */
  readonly sizes: readonly number[];
  /** multi-byte: call i is padded with PAD_CHARS[(i + offset) % 4], so every run mixes 1- to 4-byte text. */
  readonly offset: number;
}

const padCharOf = (value: BigCalls, i: number) =>
  value.kind === 'multi-byte' ? (PAD_CHARS[(i + value.offset) % PAD_CHARS.length] ?? 'x') : 'x';

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
  // Three kinds of run, so every way of breaking the limit shows: plain ASCII events near 32 KiB (any 20 of them,
  // the rules' flushAt, are over 500 KiB; a client that refuses multi-byte text one call at a time still meets a big
  // batch), 1- to 4-byte text (a client counting characters does not split), and, for a client that takes flushAt,
  // 70 to 100 events of 7.5 to 9 KB that reach 500 KiB only in aggregate.
  arbitrary: (context) =>
    fc.oneof(
      fc.record({
        kind: fc.constantFrom<BatchKind>('ascii', 'multi-byte'),
        sizes: fc.array(fc.integer({ min: 26_000, max: 31_500 }), { minLength: 20, maxLength: 30 }),
        offset: fc.nat({ max: PAD_CHARS.length - 1 }),
      }),
      context.knobs.flushAt
        ? fc.record({
            kind: fc.constant<BatchKind>('aggregate'),
            sizes: fc.array(fc.integer({ min: 7_500, max: 9_000 }), { minLength: 70, maxLength: 100 }),
            offset: fc.constant(0),
          })
        : fc.record({
            kind: fc.constant<BatchKind>('ascii'),
            sizes: fc.array(fc.integer({ min: 26_000, max: 31_500 }), { minLength: 20, maxLength: 20 }),
            offset: fc.constant(0),
          }),
    ),
  // Each run moves about a megabyte and a failing one waits out a quiet window: few runs, the first failure reported
  // as found (the drawn sizes are already near the smallest that show it); the clause's share of the budget (and
  // --clause-timeout-ms) bounds the rest.
  property: { maxRuns: 4, endOnFailure: true },
  cost: 3,
  async check(context, value, id) {
    // The flushAt rule alone decides the batch: a short flushAfter let a client that never splits (analytics-node 6)
    // pass on a loaded machine, its timer cutting the batch while the calls reached it slowly. What a splitting
    // client keeps below flushAt is sent when collect closes it.
    const run = await context.begin(id, { flushAt: value.sizes.length, flushAfterMs: 60_000 }, []);
    for (const [i, size] of value.sizes.entries()) await run.callAll(tracks([size], padCharOf(value, i)));
    await topUp(run);
    const over = (requests: readonly RecordedRequest[]) =>
      requests.some((r) => r.bytes > MAX_REQUEST_BYTES) ? 'a request over the limit' : undefined;
    await collect(context, run, over);
    const largest = run.requests().reduce((max, r) => (r.bytes > max.bytes ? r : max), { bytes: 0 } as {
      bytes: number;
      status?: number | undefined;
    });
    const padding =
      value.kind === 'multi-byte'
        ? '1- to 4-byte text (x, é, €, 😀)'
        : value.kind === 'aggregate'
          ? 'plain ASCII text, over 500 KiB only all together'
          : 'plain ASCII text';
    const average = Math.round(value.sizes.reduce((a, b) => a + b, 0) / value.sizes.length / 1024);
    if (largest.bytes > MAX_REQUEST_BYTES) {
      return failed(
        run,
        `A request body was ${largest.bytes} bytes, over the limit of ${MAX_REQUEST_BYTES} (500 KiB), after ${value.sizes.length} calls of about ${average} KiB each of ${padding}${largest.status !== undefined ? `; the mock answered ${largest.status}` : ''} and every event in it is lost. Split a flush into several requests, each at most 500 KiB of JSON counted in UTF-8 bytes, not characters (rule 4.2, 8).`,
      );
    }
    const dropped = droppedBatches(run);
    const first = dropped[0];
    if (first !== undefined) {
      const stderr = run.driverStderr();
      return failed(
        run,
        `The client dropped a batch: calls ${first.from} to ${first.to} (${first.to - first.from + 1} calls of about ${average} KiB each of ${padding}, ${Math.round(first.bytes / 1024)} KiB of JSON together) were accepted (the driver answered ok) and no request ever carried any of them, while every request stayed within 500 KiB${dropped.length > 1 ? ` (${dropped.length} such batches)` : ''}.${refusals(run)}${stderr === '' ? '' : ` The driver logged: ${stderr}.`} A client that finds a batch over 500 KiB must split it into several requests, not drop it after taking it off its queue (rule 4.2, 8).`,
      );
    }
    const lost = undelivered(run);
    if (lost.length > 0)
      return failed(
        run,
        `Calls ${lost.join(', ')} were never delivered (no request answered 2xx carried them), though every request stayed within 500 KiB.${refusals(run)} Split large flushes into several requests instead of dropping calls.`,
      );
    return undefined;
  },
});
