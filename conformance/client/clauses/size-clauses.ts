import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, PAD_CHARS, type CallSpec } from '../client-calls.js';
import type { ClientContext } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { allEvents, requestsCarrying } from '../wire-events.js';
import {
  acceptedCalls,
  clientClause,
  collect,
  failed,
  FOUNDATION,
  topUp,
  lostBeside,
  refusals,
  settled,
  undelivered,
} from './client-clause.js';
import { BACKSTOP_FLUSH_AFTER_MS } from './client-clause.js';

/** rule 4.2 and 8: a batch request at most 500 KB, a single call at most 32 KB (docs/decisions.md: 512,000 and 32,768 bytes). */
export const MAX_REQUEST_BYTES = 512_000;
export const MAX_EVENT_BYTES = 32_768;

const tracks = (sizes: readonly number[], char: string): CallSpec[] =>
  sizes.map((padTo) => ({ op: 'track', identity: 'userId', data: {}, padTo, padChar: char }));

const describeChar = (char: string) =>
  `${JSON.stringify(char)} (${Buffer.byteLength(char)} byte${Buffer.byteLength(char) === 1 ? '' : 's'} in UTF-8)`;

/** Bytes of `json` with every non-ASCII UTF-16 unit escaped as \uXXXX (Python's json.dumps by default). */
function asciiEscapedBytes(json: string): number {
  let bytes = 0;
  for (let i = 0; i < json.length; i++) bytes += json.charCodeAt(i) < 0x80 ? 1 : 6;
  return bytes;
}

/** When the refused JSON is over the limit once escaped to ASCII: that miscount, and its fix. */
function escapedHint(json: string): string {
  const escaped = asciiEscapedBytes(json);
  return escaped > MAX_EVENT_BYTES
    ? ` If your client escapes non-ASCII (\\u00e9 for each such character, as Python's json.dumps does by default), that is the miscount: escaped, the same JSON is ${escaped} bytes, but the limit counts the event's UTF-8 (Python: len(json.dumps(message, ensure_ascii=False).encode("utf-8"))).`
    : '';
}

interface BigCalls {
  readonly sizes: readonly number[];
  /** Call i is padded with PAD_CHARS[(i + offset) % 4]: every run mixes 1- to 4-byte text. */
  readonly offset: number;
}

export const batchSizeClause = clientClause<BigCalls>({
  id: '4.2.batch-size',
  level: 'MUST',
  title: 'never sends a request over 500 KiB (counted in UTF-8 bytes), splitting batches instead',
  spec: 'rule 4.2, 8 (client batch request size 500 KB)',
  requires: FOUNDATION,
  // Events near 32 KiB, so that any 20 of them (the rules' flushAt) are over 500 KiB; multi-byte text makes
  // the request fewer characters than bytes, so a client counting characters does not split.
  arbitrary: () =>
    fc.record({
      sizes: fc.array(fc.integer({ min: 26_000, max: 31_000 }), { minLength: 20, maxLength: 30 }),
      offset: fc.nat({ max: PAD_CHARS.length - 1 }),
    }),
  // Each run moves about a megabyte; shrinking stops after ten seconds with the smallest failure so far.
  property: { maxRuns: 4, timeLimitMs: 10_000 },
  cost: 3,
  async check(context, value, id) {
    // The flushAt rule alone decides the batch: a short flushAfter let a client that never splits (analytics-node 6)
    // pass on a loaded machine, its timer cutting the batch while the calls reached it slowly. What a splitting
    // client keeps below flushAt is sent when collect closes it.
    const run = await context.begin(id, { flushAt: value.sizes.length, flushAfterMs: 60_000 }, []);
    for (const [i, size] of value.sizes.entries())
      await run.callAll(tracks([size], PAD_CHARS[(i + value.offset) % PAD_CHARS.length] ?? 'x'));
    await topUp(run);
    const over = (requests: readonly RecordedRequest[]) =>
      requests.some((r) => r.bytes > MAX_REQUEST_BYTES) ? 'a request over the limit' : undefined;
    await collect(context, run, over);
    const largest = run.requests().reduce((max, r) => (r.bytes > max.bytes ? r : max), { bytes: 0 } as {
      bytes: number;
      status?: number | undefined;
    });
    if (largest.bytes > MAX_REQUEST_BYTES) {
      return failed(
        run,
        `A request body was ${largest.bytes} bytes, over the limit of ${MAX_REQUEST_BYTES} (500 KiB), after ${value.sizes.length} calls of about ${Math.round(value.sizes.reduce((a, b) => a + b, 0) / value.sizes.length / 1024)} KiB each of 1- to 4-byte text (x, é, €, 😀)${largest.status !== undefined ? `; the mock answered ${largest.status}` : ''} and every event in it is lost. Split a flush into several requests, each at most 500 KiB of JSON counted in UTF-8 bytes, not characters (rule 4.2, 8).`,
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

interface OversizedCase {
  readonly before: readonly CallSpec[];
  /** One oversized track per padding character, in this order: each run covers 1- to 4-byte text. */
  readonly bigs: readonly { readonly size: number; readonly char: string }[];
  readonly after: readonly CallSpec[];
}

const oversizedCase = (context: ClientContext) => {
  const calls = fc.array(callSpec({ screen: context.capabilities.has('screen'), integrations: 'never' }), {
    maxLength: 2,
  });
  // Over 32 KiB in bytes; in multi-byte text fewer than 32,768 characters, so a client counting characters lets
  // it through, and in plain x a client counting something else (URI-encoded pieces) does.
  const bigs = fc
    .shuffledSubarray([...PAD_CHARS], { minLength: PAD_CHARS.length })
    .chain((chars) =>
      fc.tuple(...chars.map((char) => fc.integer({ min: 33_000, max: 40_000 }).map((size) => ({ size, char })))),
    );
  return fc.record({ before: calls, bigs, after: calls });
};

/**
 * Plays an oversized case: the calls around the big ones make exactly flushAt (the rules' 20 for a client that
 * takes no flushAt), so a client that refuses the big calls sends the others as one batch; one that queues them
 * sends them. Waits until the others are delivered, a big one is seen, or the client goes quiet.
 */
async function playOversized(context: ClientContext, id: string, value: OversizedCase) {
  const others = value.before.length + value.after.length;
  const run = await context.begin(id, { flushAt: Math.max(1, others), flushAfterMs: BACKSTOP_FLUSH_AFTER_MS }, []);
  await run.callAll(value.before);
  const bigs = [];
  for (const big of value.bigs) bigs.push(...(await run.callAll(tracks([big.size], big.char))));
  await run.callAll(value.after);
  await topUp(run, new Set(bigs.map((b) => b.index)));
  const markers = bigs.map((b) => b.marker);
  await settled(context, run, (requests) =>
    markers.some((m) => requestsCarrying(requests, m).length > 0) ? 'an oversized call was sent' : undefined,
  );
  return { run, bigs };
}

export const eventSizeClause = clientClause<OversizedCase>({
  id: '4.2.event-size',
  level: 'MUST',
  title: 'never sends an event over 32 KiB (counted in UTF-8 bytes)',
  spec: 'rule 4.2, 8 (client single call size 32 KB)',
  requires: FOUNDATION,
  arbitrary: oversizedCase,
  property: { maxRuns: 6 },
  async check(context, value, id) {
    const { run, bigs } = await playOversized(context, id, value);
    for (const [i, big] of bigs.entries()) {
      const carriers = requestsCarrying(run.requests(), big.marker);
      const sent = allEvents(carriers).find((e) => e.marker === big.marker);
      if (carriers.length === 0 || sent === undefined) continue;
      const status = carriers[0]?.status;
      const json = JSON.stringify(sent.event);
      const bytes = Buffer.byteLength(json);
      const char = value.bigs[i]?.char ?? 'x';
      return failed(
        run,
        `Call ${big.index}, a track whose JSON was ${bytes} bytes as sent (${json.length} characters of which most are ${describeChar(char)}; over the ${MAX_EVENT_BYTES}-byte limit), was sent${status !== undefined ? ` and the mock answered ${status}` : ''}; the service refuses the whole request, losing the other events in it. Measure each message's JSON in UTF-8 bytes (Buffer.byteLength, not string length or URI-encoded pieces) when it is called and refuse one over 32 KiB (rule 4.2, 8) instead of queueing it.`,
      );
    }
    return lostBeside(run, bigs, 'oversized');
  },
});

export const eventSizeRefusedClause = clientClause<OversizedCase>({
  id: '4.2.event-size.refused',
  level: 'SHOULD',
  title: 'tells the caller when it refuses an event over 32 KiB',
  spec: 'rule 4.2; docs/decisions.md (an invalid call is refused with a typed error)',
  requires: [...FOUNDATION, '4.2.event-size'],
  arbitrary: oversizedCase,
  property: { maxRuns: 2 },
  async check(context, value, id) {
    const { run, bigs } = await playOversized(context, id, value);
    const silent = bigs.find((b) => b.refused === undefined);
    if (silent === undefined) return undefined;
    return failed(
      run,
      `Call ${silent.index}, a track over 32 KiB, was answered {"ok": true}: the caller cannot tell that it will never be sent. Throw (or return) an error from the call, so the driver answers {"ok": false, "error": ...} (docs/decisions.md).`,
    );
  },
});

interface UnderLimitCase {
  readonly size: number;
  readonly char: string;
  readonly count: number;
}

export const eventSizeUnderLimitClause = clientClause<UnderLimitCase>({
  id: '4.2.event-size.under-limit',
  level: 'MUST',
  title: 'queues and delivers events just under 32 KiB, multi-byte text included',
  spec: 'rule 4.2, 8 (the limit is 32 KB; everything under it is a valid call)',
  requires: FOUNDATION,
  // A little under the limit, leaving room for what a client adds (messageId, timestamps, context.library):
  // a client that over-counts multi-byte text (URI-encoded length, UTF-16 units times 2) refuses these.
  arbitrary: () =>
    fc.record({
      size: fc.integer({ min: 28_000, max: 31_000 }),
      char: fc.constantFrom('é', '€', '😀'),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  property: { maxRuns: 4 },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: value.count, flushAfterMs: BACKSTOP_FLUSH_AFTER_MS }, []);
    await run.callAll(
      tracks(
        Array.from({ length: value.count }, () => value.size),
        value.char,
      ),
    );
    const refused = run.calls.find((c) => c.refused !== undefined);
    await topUp(run);
    const bytes = refused === undefined ? 0 : Buffer.byteLength(JSON.stringify(refused.message));
    if (refused !== undefined)
      return failed(
        run,
        `Call ${refused.index} (${refused.op}), ${bytes} bytes of JSON in UTF-8 (${JSON.stringify(refused.message).length} characters of ${describeChar(value.char)}), under the ${MAX_EVENT_BYTES}-byte limit, was refused: ${refused.refused ?? ''}. Count the UTF-8 bytes of the JSON (Buffer.byteLength), not URI-encoded characters or UTF-16 units (rule 4.2, 8).${escapedHint(JSON.stringify(refused.message))}`,
      );
    await settled(context, run);
    const lost = undelivered(run);
    if (lost.length > 0)
      return failed(
        run,
        `Calls ${lost.join(', ')} (tracks of about ${Math.round(value.size / 1024)} KiB of ${describeChar(value.char)}, under the 32 KiB limit) were never delivered${acceptedCalls(run).length === run.calls.length ? ' though the driver accepted them' : ''}.${refusals(run)} Everything under 32 KiB in UTF-8 bytes must be sent (rule 4.2, 8).`,
      );
    return undefined;
  },
});

export const sizeClauses: readonly Clause<ClientContext>[] = [
  eventSizeClause,
  eventSizeRefusedClause,
  eventSizeUnderLimitClause,
  batchSizeClause,
];
