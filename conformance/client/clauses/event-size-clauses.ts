import fc from 'fast-check';
import { callSpec, PAD_CHARS, type CallSpec, type SentCall } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { allEvents, isSuccess, requestsCarrying } from '../wire-events.js';
import {
  acceptedCalls,
  BACKSTOP_FLUSH_AFTER_MS,
  clientClause,
  failed,
  FOUNDATION,
  lostBeside,
  refusals,
  settled,
  topUp,
  undelivered,
} from './client-clause.js';
import { describeChar, escapedHint, MAX_EVENT_BYTES } from './size-limits.js';

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
  // Through an e2e CLI three of the four (any three, shuffled): four near 40 KB are over what one --input carries.
  const count = context.protocol === 'e2e-cli' ? PAD_CHARS.length - 1 : PAD_CHARS.length;
  const bigs = fc
    .shuffledSubarray([...PAD_CHARS], { minLength: count, maxLength: count })
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
  notInE2eCli:
    "the CLI takes a run's calls at once and prints one result for the run, with no answer per call to refuse (4.2.event-size judges that none is sent)",
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
      const bytes = estimate(refused);
      // A 32,000-byte limit (or one counted on the message before the client's own fields) refuses plain text near
      // the limit; a miscount of multi-byte text refuses it far below.
      const advice =
        value.char === 'x' || bytes >= 32_000
          ? 'count the UTF-8 bytes of the whole event as it is sent (Buffer.byteLength of its JSON, with the fields the client adds) against 32,768 bytes, not 32,000'
          : 'count the UTF-8 bytes of the JSON (Buffer.byteLength), not URI-encoded characters or UTF-16 units';
      return failed(
        run,
        `Call ${refused.index} (${refused.op}), an event of ${how}, in ${describeChar(value.char)} text, within the ${MAX_EVENT_BYTES}-byte limit, was refused: ${refused.refused ?? ''}. Everything up to 32 KiB is a valid call: ${advice} (rule 4.2, 8).${escapedHint(json)}`,
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
