// Property: every event that an SDK from npm sends for valid calls is accepted by the mock, as the real
// service accepts it. Four SDKs, unchanged, each pointed at a real harness on loopback over HTTP:
// @segment/analytics-node, analytics-node (v6), @rudderstack/rudder-sdk-node (gzip JSON under its own
// Content-Type) and @customerio/cdp-analytics-node.
import test from 'ava';
import fc from 'fast-check';
import { Analytics as SegmentAnalytics } from '@segment/analytics-node';
import { Analytics as CustomerIoAnalytics } from '@customerio/cdp-analytics-node';
import { createRequire } from 'node:module';
import type { Harness } from '../../src/harness/create-harness.js';
import { startHarness } from '../helpers/harness.js';

const require = createRequire(import.meta.url);

/** One valid call as these SDKs take it (fields left out are absent, never undefined). */
interface Call {
  readonly kind: 'track' | 'identify' | 'page' | 'group' | 'alias';
  readonly message: {
    readonly userId?: string | number;
    readonly anonymousId?: string;
    readonly previousId?: string;
    readonly event?: string;
    readonly groupId?: string;
    readonly timestamp?: Date;
    readonly [key: string]: unknown;
  };
}

interface SdkClient {
  call(call: Call): void;
  /** Sends everything queued and resolves once the mock has answered. */
  flush(): Promise<void>;
}

interface Sdk {
  readonly numericIds: boolean;
  readonly start: (writeKey: string, url: string) => SdkClient;
}

const text = fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' });
const id = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/), text);
const numericId = fc.integer({ min: 0, max: 2 ** 40 });
const freeForm = fc.option(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  { nil: undefined },
);
const timestamp = fc.option(
  fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
  { nil: undefined },
);
function defined(value: Record<string, unknown>): Call['message'] {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/**
 * Valid calls: userId, anonymousId or both (SPEC 2.3: one is needed). With `numericIds`, a userId may be a
 * number, which analytics-node v6 and rudder-sdk-node take (their loosely-validate-event allows string or
 * number); @segment/analytics-node and its Customer.io fork refuse a non-string id before sending.
 */
function calls(numericIds: boolean): fc.Arbitrary<Call> {
  const userId = numericIds ? fc.oneof(id, numericId) : id;
  const identity = fc.oneof(
    fc.record({ userId }),
    fc.record({ anonymousId: id }),
    fc.record({ userId: id, anonymousId: id }),
  );
  return fc.oneof(
    fc.tuple(identity, text, freeForm, timestamp).map(
      ([who, event, properties, at]): Call => ({
        kind: 'track',
        message: defined({ ...who, event, properties, timestamp: at }),
      }),
    ),
    fc
      .tuple(identity, freeForm, timestamp)
      .map(([who, traits, at]): Call => ({ kind: 'identify', message: defined({ ...who, traits, timestamp: at }) })),
    fc.tuple(identity, fc.option(text, { nil: undefined }), freeForm, timestamp).map(
      ([who, name, properties, at]): Call => ({
        kind: 'page',
        message: defined({ ...who, name, properties, timestamp: at }),
      }),
    ),
    fc.tuple(identity, id, freeForm, timestamp).map(
      ([who, groupId, traits, at]): Call => ({
        kind: 'group',
        message: defined({ ...who, groupId, traits, timestamp: at }),
      }),
    ),
    fc.tuple(id, userId, timestamp).map(
      ([previousId, newId, at]): Call => ({
        kind: 'alias',
        message: defined({ previousId, userId: newId, timestamp: at }),
      }),
    ),
  );
}

type MethodTable = Record<Call['kind'], (message: object) => unknown>;
const invoke = (client: MethodTable, c: Call) => client[c.kind](c.message);

const SDKS: Record<string, Sdk> = {
  '@segment/analytics-node': {
    numericIds: false,
    start(writeKey, url) {
      const client = new SegmentAnalytics({
        writeKey,
        host: url,
        flushAt: 1_000,
        flushInterval: 60_000,
        maxRetries: 0,
      });
      return {
        call: (c) => invoke(client as unknown as MethodTable, c),
        flush: () => client.closeAndFlush({ timeout: 20_000 }),
      };
    },
  },
  'analytics-node': {
    numericIds: true,
    start(writeKey, url) {
      const Legacy = require('analytics-node') as new (
        key: string,
        options: object,
      ) => MethodTable & { flush(cb: (error?: Error) => void): void };
      const client = new Legacy(writeKey, { host: url, flushAt: 1_000, flushInterval: 60_000, retryCount: 0 });
      return {
        call: (c) => invoke(client, c),
        flush: () => new Promise((resolve, reject) => client.flush((error) => (error ? reject(error) : resolve()))),
      };
    },
  },
  '@rudderstack/rudder-sdk-node': {
    numericIds: true,
    start(writeKey, url) {
      const Rudder = require('@rudderstack/rudder-sdk-node') as new (
        key: string,
        options: object,
      ) => MethodTable & { flush(): Promise<unknown> };
      const client = new Rudder(writeKey, {
        dataPlaneUrl: url,
        flushAt: 1_000,
        flushInterval: 60_000,
        retryCount: 0,
        logLevel: 'error',
      });
      return { call: (c) => invoke(client, c), flush: async () => void (await client.flush()) };
    },
  },
  '@customerio/cdp-analytics-node': {
    numericIds: false,
    start(writeKey, url) {
      const client = new CustomerIoAnalytics({
        writeKey,
        host: url,
        maxEventsInBatch: 1_000,
        flushInterval: 60_000,
        maxRetries: 0,
      });
      return {
        call: (c) => invoke(client as unknown as MethodTable, c),
        flush: () => client.closeAndFlush({ timeout: 20_000 }),
      };
    },
  },
};

const RUNS = Number(process.env.EVENT_HARNESS_SDK_RUNS ?? 25);

/** Every call the SDK sends reaches the journal as accepted, with its ids as the mock reads them. */
async function checkRun(harness: Harness, sdk: Sdk, writeKey: string, sent: readonly Call[]): Promise<void> {
  const client = sdk.start(writeKey, harness.url);
  for (const c of sent) client.call(c);
  await client.flush();
  const { events, total } = harness.journal.query({ writeKey, limit: 1_000 });
  const notAccepted = events.filter((e) => e.status !== 'accepted');
  if (total !== sent.length || notAccepted.length > 0) {
    throw new Error(
      `${sent.length} calls, ${total} journaled; not accepted: ${JSON.stringify(notAccepted.slice(0, 2))}`,
    );
  }
  for (const [index, c] of sent.entries()) {
    const event = events[index]?.event ?? {};
    const expected: Record<string, unknown> = { type: c.kind };
    if (c.message.userId !== undefined) expected.userId = String(c.message.userId);
    for (const field of ['anonymousId', 'event', 'groupId', 'previousId'] as const)
      if (c.message[field] !== undefined) expected[field] = c.message[field];
    if (c.message.timestamp !== undefined) expected.originalTimestamp = c.message.timestamp.toISOString();
    for (const [key, value] of Object.entries(expected)) {
      if (event[key] !== value)
        throw new Error(
          `call ${index} (${c.kind}): ${key} is ${JSON.stringify(event[key])}, expected ${JSON.stringify(value)}; event ${JSON.stringify(event)}`,
        );
    }
  }
}

for (const [name, sdk] of Object.entries(SDKS)) {
  test(`property: every event ${name} sends for valid calls is accepted`, async (t) => {
    const harness = await startHarness(t);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(calls(sdk.numericIds), { minLength: 1, maxLength: 8 }), async (sent) => {
        await checkRun(harness, sdk, `${name}-run-${run++}`, sent);
      }),
      { numRuns: RUNS, seed: Number(process.env.EVENT_HARNESS_SEED ?? 14) },
    );
    t.is(harness.journal.counts().rejected, 0);
    t.true(harness.journal.counts().accepted >= RUNS);
  });
}
