import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, PAD_CHARS, type CallSpec, type SentCall } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { RecordedRequest } from '../request-log.js';
import { allEvents, isSuccess, requestsCarrying } from '../wire-events.js';
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

interface Oversized {
  /** The message's own JSON bytes (before the client adds anything): over 32 KiB already. */
  readonly bytes: number;
  readonly char: string;
}

interface OversizedCase {
  readonly before: readonly CallSpec[];
  /** One oversized track per padding character, in this order: each run covers 1- to 4-byte text. */
  readonly bigs: readonly Oversized[];
  readonly after: readonly CallSpec[];
}

const oversizedCase = (context: ClientContext) => {
  const calls = fc.array(callSpec({ screen: context.capabilities.has('screen'), integrations: 'never' }), {
    maxLength: 2,
  });
  // Over 32 KiB in bytes before the client adds anything: just over (32,769 to 33,100 bytes, where a limit counted
  // in a slightly wrong unit lets it through) or well over (to 40,000); in multi-byte text fewer than 32,768
  // characters, so a client counting characters lets it through, and in plain x a client counting something else
  // (URI-encoded pieces) does.
  const size = fc.oneof(
    fc.integer({ min: MAX_EVENT_BYTES + 1, max: 33_100 }),
    fc.integer({ min: 33_100, max: 40_000 }),
  );
  const bigs = fc
    .shuffledSubarray([...PAD_CHARS], { minLength: PAD_CHARS.length })
    .chain((chars) => fc.tuple(...chars.map((char) => size.map((bytes) => ({ bytes, char })))));
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
  for (const big of value.bigs)
    bigs.push(
      ...(await run.callAll([
        { op: 'track', identity: 'userId', data: {}, padMessageTo: big.bytes, padChar: big.char },
      ])),
    );
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
  title: 'never sends an event over 32 KiB (counted in UTF-8 bytes), just over the limit included',
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
      // The message alone was over the limit; what was sent is judged as sent (a client may trim a field).
      if (bytes <= MAX_EVENT_BYTES) continue;
      const char = value.bigs[i]?.char ?? 'x';
      return failed(
        run,
        `Call ${big.index}, a track whose JSON was ${bytes} bytes as sent (${json.length} characters of which most are ${describeChar(char)}; over the ${MAX_EVENT_BYTES}-byte limit${bytes - MAX_EVENT_BYTES <= 400 ? `, by ${bytes - MAX_EVENT_BYTES} bytes` : ''}), was sent${status !== undefined ? ` and the mock answered ${status}` : ''}; the service refuses the whole request, losing the other events in it. Measure each message's JSON in UTF-8 bytes (Buffer.byteLength, not string length or URI-encoded pieces), with every field the client adds, when it is called and refuse one over 32 KiB (rule 4.2, 8) instead of queueing it.`,
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

/** A track of plain ASCII whose event the suite measures on the wire: what the client adds to a message. */
const CALIBRATION: CallSpec = { op: 'track', identity: 'userId', data: {}, padMessageTo: 2_000, padChar: 'x' };

/** What the client adds when the calibration track never arrived (a generous guess, so the sizes stay under the limit). */
const UNMEASURED_OVERHEAD = 400;

/** How far under the limit an event the suite worked out must be for a refusal of it to count (a client's fields vary a little). */
const ESTIMATE_SLACK = 16;

/**
 * What this client adds to a track's message on the wire (messageId, timestamps, type, context.library, ...), in
 * bytes of the event's JSON as the service measures it, read off the calibration track of this run; undefined when it
 * never arrived.
 */
async function measureOverhead(run: ClientRun): Promise<number | undefined> {
  const [call] = await run.callAll([CALIBRATION]);
  if (call === undefined || call.refused !== undefined) return undefined;
  await topUp(run);
  const arrived = await run.waitFor(
    (requests) => requestsCarrying(requests.filter(isSuccess), call.marker).length > 0,
    run.config.flushAfterMs + 2_000,
  );
  if (!arrived) return undefined;
  const event = allEvents(run.requests().filter(isSuccess)).find((e) => e.marker === call.marker);
  if (event === undefined) return undefined;
  return Buffer.byteLength(JSON.stringify(event.event)) - Buffer.byteLength(JSON.stringify(call.message));
}

interface UnderLimitCase {
  /** Bytes of each event as the client will send it: 32,000 up to the limit (less a little slack), or 28,000 to 31,000. */
  readonly targets: readonly number[];
  readonly char: string;
}

export const eventSizeUnderLimitClause = clientClause<UnderLimitCase>({
  id: '4.2.event-size.under-limit',
  level: 'MUST',
  title: 'queues and delivers events up to 32 KiB (32,000 to 32,768 bytes included), multi-byte text included',
  spec: 'rule 4.2, 8 (the limit is 32 KB; everything up to it is a valid call)',
  requires: FOUNDATION,
  // Events the client will send at 32,000 bytes up to the limit (the suite measures what the client adds to a
  // message on a small track first, and pads the message to land there), and at 28 to 31 KB: a client whose limit
  // is 32,000 bytes (or counts the message before its own fields, or over-counts multi-byte text: URI-encoded
  // length, UTF-16 units, JSON with non-ASCII escaped as Python's json.dumps does by default) refuses them.
  arbitrary: () =>
    fc.record({
      targets: fc.array(
        fc.oneof(
          fc.integer({ min: 32_000, max: MAX_EVENT_BYTES - ESTIMATE_SLACK }),
          fc.integer({ min: 28_000, max: 31_000 }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
      char: fc.constantFrom(...PAD_CHARS),
    }),
  property: { maxRuns: 4 },
  async check(context, value, id) {
    const run = await context.begin(id, { flushAt: 1, flushAfterMs: BACKSTOP_FLUSH_AFTER_MS }, []);
    const measured = await measureOverhead(run);
    const overhead = measured ?? UNMEASURED_OVERHEAD;
    const bigs: SentCall[] = [];
    for (const target of value.targets)
      bigs.push(
        ...(await run.callAll([
          { op: 'track', identity: 'userId', data: {}, padMessageTo: target - overhead, padChar: value.char },
        ])),
      );
    const estimate = (call: { message: Readonly<Record<string, unknown>> }) =>
      Buffer.byteLength(JSON.stringify(call.message)) + overhead;
    const refused = bigs.find((c) => c.refused !== undefined && estimate(c) <= MAX_EVENT_BYTES - ESTIMATE_SLACK);
    await topUp(run);
    const how =
      measured === undefined
        ? `about ${estimate(refused ?? bigs[0] ?? { message: {} })} bytes with what a client adds (the suite could not measure what this client adds: its calibration track never arrived)`
        : `${estimate(refused ?? bigs[0] ?? { message: {} })} bytes as this client would send it (its message plus the ${overhead} bytes it added to a small track in this run)`;
    if (refused !== undefined) {
      const json = JSON.stringify(refused.message);
      return failed(
        run,
        `Call ${refused.index} (${refused.op}), an event of ${how}, in ${describeChar(value.char)} text, within the ${MAX_EVENT_BYTES}-byte limit, was refused: ${refused.refused ?? ''}. Everything up to 32 KiB is a valid call: count the UTF-8 bytes of the JSON (Buffer.byteLength) against 32,768, not 32,000, and not URI-encoded characters or UTF-16 units (rule 4.2, 8).${escapedHint(json)}`,
      );
    }
    await settled(context, run);
    // Judged only for the calls that were within the limit as sent (or as worked out, for one never sent).
    const lost = undelivered(run).filter((call) => {
      const big = bigs.find((b) => String(b.index) === call.split(' ')[0]);
      if (big === undefined) return true;
      const sent = allEvents(requestsCarrying(run.requests(), big.marker)).find((e) => e.marker === big.marker);
      return (sent === undefined ? estimate(big) : Buffer.byteLength(JSON.stringify(sent.event))) <= MAX_EVENT_BYTES;
    });
    if (lost.length > 0)
      return failed(
        run,
        `Calls ${lost.join(', ')} (tracks of ${value.targets.map((t) => `${t}`).join(', ')} bytes as sent, padded with ${describeChar(value.char)}, within the 32 KiB limit) were never delivered${acceptedCalls(run).length === run.calls.length ? ' though the driver accepted them' : ''}.${refusals(run)} Everything up to 32 KiB in UTF-8 bytes must be sent (rule 4.2, 8).`,
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
