import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import type { FaultStep } from '../fault-schedule.js';
import { describeRefusal } from '../request-log.js';
import { allEvents, isSuccess, writeKeysOf, type WireEvent } from '../wire-events.js';
import {
  acceptedCalls,
  clientClause,
  failed,
  FOUNDATION,
  collect,
  topUp,
  refusals,
  refusedValidCall,
  type RunFailure,
} from './client-clause.js';

/**
 * A plain session: a small flushAt (or the rules' 20 for a client that takes no flushAt), calls filled up to
 * whole batches so the FlushAt rule sends them all, no flush. These clauses judge what the requests carry.
 */
interface Session {
  readonly flushAt: number;
  readonly calls: readonly CallSpec[];
  readonly faults: readonly FaultStep[];
}

const SESSION_FLUSH_AFTER_MS = 1_000;

function session(
  context: ClientContext,
  options: { integrations?: 'never' | 'sometimes' | 'always'; faults?: fc.Arbitrary<readonly FaultStep[]> } = {},
): fc.Arbitrary<Session> {
  return fc.record({
    flushAt: fc.integer({ min: 1, max: 5 }),
    calls: fc.array(
      callSpec({ screen: context.capabilities.has('screen'), integrations: options.integrations ?? 'sometimes' }),
      { minLength: 1, maxLength: 6 },
    ),
    faults: options.faults ?? fc.constant([]),
  });
}

/** Starts a session's run and makes its calls, filled up to whole batches. */
async function start(context: ClientContext, id: string, value: Session): Promise<ClientRun> {
  const run = await context.begin(id, { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS }, value.faults);
  await run.callAll(value.calls);
  await topUp(run);
  return run;
}

/**
 * Plays a session until its calls are delivered (or the client goes quiet); answers the run and the events
 * of the requests the mock accepted, or the failure on the way. Requests the mock refused are not judged:
 * the service never read them; when nothing was accepted, the failure names the refusals.
 */
async function play(
  context: ClientContext,
  id: string,
  value: Session,
): Promise<{ run: ClientRun; events: WireEvent[] } | RunFailure> {
  const run = await start(context, id, value);
  await collect(context, run);
  const calls = acceptedCalls(run);
  if (calls.length === 0) return { run, events: [] };
  if (run.requests().length === 0)
    return failed(
      run,
      `After ${run.calls.length} calls with flushAt ${run.config.flushAt} (whole batches), the mock received no request at all, so nothing could be judged. A batch leaves when flushAt calls are queued (rule 4.3.2; 4.3.flush-at says more).`,
    );
  const markers = new Set(calls.map((c) => c.marker));
  const events = allEvents(run.requests().filter(isSuccess)).filter(
    (e) => e.marker !== undefined && markers.has(e.marker),
  );
  if (events.length === 0)
    return failed(
      run,
      `No request of the run was accepted by the mock, so nothing the client sent could be judged.${refusals(run)} Send what the collection API takes (4.2.accepted says more).`,
    );
  return { run, events };
}

const asData = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const callOf = (run: ClientRun, event: WireEvent) => run.calls.find((c) => c.marker === event.marker);
type PlayedCall = NonNullable<ReturnType<typeof callOf>>;

/**
 * Plays a session and judges each event the mock accepted against the call it came from; answers the first
 * failure. `judge` answers what is wrong with the event, or undefined when it is right.
 */
async function judgeEachEvent(
  context: ClientContext,
  id: string,
  value: Session,
  judge: (wire: WireEvent, call: PlayedCall) => string | undefined,
): Promise<RunFailure | undefined> {
  const played = await play(context, id, value);
  if (!('run' in played)) return played;
  const { run, events } = played;
  for (const wire of events) {
    const call = callOf(run, wire);
    if (call === undefined) continue;
    const problem = judge(wire, call);
    if (problem !== undefined) return failed(run, problem);
  }
  return undefined;
}

export const validCallsClause = clientClause<Session>({
  id: '2.3.valid-calls',
  level: 'MUST',
  title: 'queues every valid call of rule 2.3 (the driver answers ok)',
  spec: 'rule 2.3, 4.3 (each operation: message queued)',
  arbitrary: (context) => session(context),
  async check(context, value, id) {
    const run = await start(context, id, value);
    return refusedValidCall(run);
  },
});

export const acceptedClause = clientClause<Session>({
  id: '4.2.accepted',
  level: 'MUST',
  title: 'sends requests the collection API accepts (2xx): a route, a JSON body and a content type it takes',
  spec: 'rule 4.2; docs/decisions.md (collection API routes and bodies)',
  requires: ['5.3.write-key'],
  arbitrary: (context) => session(context),
  async check(context, value, id) {
    const run = await start(context, id, value);
    await collect(context, run);
    const refused = run.requests().filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500);
    if (refused.length === 0) return undefined;
    return failed(
      run,
      `The mock collection API refused ${refused.length} of the ${run.requests().length} requests of a run without faults: ${refused.slice(0, 3).map(describeRefusal).join('; ')}. Nothing in a refused request reaches the service, so no other clause can judge it. Send POST /v1/batch (or a single-call route) with a JSON body the service parses (docs/decisions.md).`,
    );
  },
});

export const writeKeyClause = clientClause<Session>({
  id: '5.3.write-key',
  level: 'MUST',
  title: 'carries the write key on every request (Basic auth user name or writeKey in the body)',
  spec: 'rule 2.5, 5.3; docs/decisions.md',
  // Without faults: this clause is the root every other waits on, and a 5xx here would cost the client's whole
  // backoff (1-2 s a run for @segment/analytics-node). The key on retried requests is judged by the retry clauses.
  arbitrary: (context) => session(context),
  // Every other clause waits for this one, and the key does not depend on the calls: eight sessions of 1-6 calls
  // (every kind, batches of 1-5) show whether each request carries it, instead of the suite's twenty.
  property: { maxRuns: 8 },
  async check(context, value, id) {
    const run = await start(context, id, value);
    await collect(context, run);
    if (run.requests().length === 0 && acceptedCalls(run).length > 0) {
      return failed(
        run,
        `After ${run.calls.length} calls with flushAt ${run.config.flushAt} (whole batches) and a close, the mock received no request, so no write key could be seen. A batch leaves when flushAt calls are queued (rule 4.3.2), and close sends what is left, carrying the write key.`,
      );
    }
    for (const [index, request] of run.requests().entries()) {
      const keys = writeKeysOf(request);
      if (keys.basic === context.writeKey || keys.body === context.writeKey) continue;
      const carried = [
        `Authorization ${request.headers.authorization === undefined ? 'absent' : JSON.stringify(request.headers.authorization)}${keys.basic !== undefined ? ` (user name ${JSON.stringify(keys.basic)})` : ''}`,
        `body writeKey ${keys.body === undefined ? 'absent' : JSON.stringify(keys.body)}`,
      ].join(', ');
      return failed(
        run,
        `Request ${index + 1} (POST /v1/${request.route}) did not carry the write key ${JSON.stringify(context.writeKey)} from EVENT_HARNESS_WRITE_KEY: ${carried}${request.status !== undefined ? `; the mock answered ${request.status}` : ''}. Send it as HTTP Basic auth with the key as user name and an empty password (Authorization: Basic base64("KEY:")), or as "writeKey" in the body, on every request including retries (rule 2.5, 5.3; docs/decisions.md).`,
      );
    }
    return undefined;
  },
});

const REQUIRED: Record<string, readonly string[]> = {
  track: ['event'],
  group: ['groupId'],
  alias: ['previousId', 'userId'],
  identify: [],
  page: [],
  screen: [],
};

export const requiredFieldsClause = clientClause<Session>({
  id: '2.3.required-fields',
  level: 'MUST',
  title: 'sends each call with its type, messageId, identity and the fields rule 2.3 requires',
  spec: 'rule 2.3, 4.3',
  requires: FOUNDATION,
  arbitrary: (context) => session(context),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, ({ event }, call) => {
      const problems: string[] = [];
      if (event.type !== call.op)
        problems.push(`type ${JSON.stringify(event.type)} (expected ${JSON.stringify(call.op)})`);
      if (typeof event.messageId !== 'string' || event.messageId === '')
        problems.push(`messageId ${JSON.stringify(event.messageId) ?? 'absent'} (expected a non-empty string)`);
      const identity = call.spec.identity;
      if (event[identity] !== call.message[identity])
        problems.push(
          `${identity} ${JSON.stringify(event[identity]) ?? 'absent'} (expected ${JSON.stringify(call.message[identity])})`,
        );
      for (const field of REQUIRED[call.op] ?? []) {
        if (event[field] !== call.message[field])
          problems.push(
            `${field} ${JSON.stringify(event[field]) ?? 'absent'} (expected ${JSON.stringify(call.message[field])})`,
          );
      }
      if (problems.length === 0) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with ${problems.join(', ')}. Each event carries its type, a messageId, the caller's userId or anonymousId and the fields its kind requires (rule 2.3: track needs event, group groupId, alias previousId and userId), as given.`;
    }),
});

// ISO 8601 date-time with a zone, as RFC 3339 profiles it: 2026-01-01T12:00:00Z, ...00.123Z, ...00+02:00.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const isIso = (value: unknown) => typeof value === 'string' && ISO_8601.test(value) && !Number.isNaN(Date.parse(value));

/** The date-time fields of an event: rule 2.3 makes timestamp optional; SDKs send originalTimestamp and sentAt. */
const TIME_FIELDS = ['timestamp', 'originalTimestamp'] as const;

export const timestampClause = clientClause<Session>({
  id: '2.2.timestamp',
  level: 'MUST',
  title: 'sends every date-time it sends (timestamp, originalTimestamp, sentAt) as ISO 8601',
  spec: 'rule 2.2, 2.3 (Timestamp: ISO 8601, optional)',
  requires: FOUNDATION,
  arbitrary: (context) => session(context),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      const fields: [string, unknown][] = [
        ...TIME_FIELDS.map((f): [string, unknown] => [f, wire.event[f]]),
        ['sentAt', wire.sentAt],
      ];
      const bad = fields.find(([, v]) => v !== undefined && !isIso(v));
      if (bad === undefined) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with ${bad[0]} ${JSON.stringify(bad[1])}; expected an ISO 8601 date-time with a zone, such as "2026-01-01T12:00:00.000Z" (rule 2.2, 2.3). The service reads only ISO 8601: epoch numbers and locale strings are refused. (A timestamp may be left out: rule 2.3 makes it optional.)`;
    }),
});

const MILLISECONDS = /T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-])/;

export const timestampMillisecondsClause = clientClause<Session>({
  id: '2.2.timestamp.milliseconds',
  level: 'SHOULD',
  title: 'sends date-times with millisecond precision',
  spec: 'rule 2.2 (an ISO 8601 string in UTC with millisecond precision)',
  requires: [...FOUNDATION, '2.2.timestamp'],
  arbitrary: (context) => session(context),
  property: { maxRuns: 3 },
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      const fields: [string, unknown][] = [
        ...TIME_FIELDS.map((f): [string, unknown] => [f, wire.event[f]]),
        ['sentAt', wire.sentAt],
      ];
      const bad = fields.find(([, v]) => typeof v === 'string' && !MILLISECONDS.test(v));
      if (bad === undefined) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with ${bad[0]} ${JSON.stringify(bad[1])}, without three digits of milliseconds. Events of the same second then lose their order: format with milliseconds, e.g. new Date().toISOString() gives "2026-01-01T12:00:00.123Z" (rule 2.2).`;
    }),
});

interface TwoSessions {
  readonly flushAt: number;
  readonly first: readonly CallSpec[];
  readonly second: readonly CallSpec[];
}

export const uniqueMessageIdClause = clientClause<TwoSessions>({
  id: '4.3.unique-message-ids',
  level: 'MUST',
  title: 'gives every call its own messageId, across client instances too',
  spec: 'rule 4.3; docs/decisions.md (events with a messageId already seen are deduplicated)',
  requires: FOUNDATION,
  arbitrary: (context) => {
    const calls = fc.array(callSpec({ screen: context.capabilities.has('screen') }), { minLength: 1, maxLength: 4 });
    return fc.record({ flushAt: fc.integer({ min: 1, max: 5 }), first: calls, second: calls });
  },
  async check(context, value, id) {
    const config = { flushAt: value.flushAt, flushAfterMs: SESSION_FLUSH_AFTER_MS };
    const run = await context.begin(id, config, []);
    await run.callAll(value.first);
    await topUp(run);
    const first = [...run.calls];
    await collect(context, run);
    // A second client in the same process: ids from a counter that restarts collide with the first's.
    await run.reinit(config);
    await run.callAll(value.second);
    await topUp(run);
    await collect(context, run);
    const owners = new Map<string, number>();
    // Only requests the service took: a refused request's ids were never recorded, so they cannot collide.
    for (const wire of allEvents(run.requests().filter(isSuccess))) {
      const call = callOf(run, wire);
      const messageId = wire.event.messageId;
      if (call === undefined || typeof messageId !== 'string') continue;
      const owner = owners.get(messageId);
      if (owner === undefined) owners.set(messageId, call.index);
      else if (owner !== call.index) {
        return failed(
          run,
          `Calls ${owner} and ${call.index} were sent with the same messageId ${JSON.stringify(messageId)}${call.index >= first.length && owner < first.length ? ' (one from each client instance)' : ''}. The service keeps the first event with a messageId and drops later ones as duplicates (docs/decisions.md), so the second call is lost: generate a fresh random id (a UUID) per call, not a counter or a clock reading.`,
        );
      }
    }
    return undefined;
  },
});

export const integrationsClause = clientClause<Session>({
  id: '2.4.integrations',
  level: 'MUST',
  title: 'passes the integrations map through as given',
  spec: 'rule 2.3 (each message can carry an integrations map), 2.4',
  requires: FOUNDATION,
  arbitrary: (context) => session(context, { integrations: 'always' }),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      // Calls without a map (the fillers) may carry none or the empty default ({}): nothing to pass through.
      if (call.spec.integrations === undefined) return undefined;
      // Compared as JSON data: generated maps may lack Object.prototype, received ones never do.
      if (isDeepStrictEqual(wire.integrations, asData(call.spec.integrations))) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with integrations ${JSON.stringify(wire.integrations) ?? 'absent'}; the call gave ${JSON.stringify(call.spec.integrations)}. The service routes by this map (rule 2.4: keys are case-sensitive destination names, All: false disables every destination not named true), so send it unchanged, on the event or the batch envelope.`;
    }),
});

export const wireClauses: readonly Clause<ClientContext>[] = [
  writeKeyClause,
  acceptedClause,
  validCallsClause,
  requiredFieldsClause,
  timestampClause,
  timestampMillisecondsClause,
  uniqueMessageIdClause,
  integrationsClause,
];
