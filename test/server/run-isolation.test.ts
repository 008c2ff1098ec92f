// The run-isolation table (issue 18): runs on one real server, with different clocks and faults, driven by random
// interleavings of operations through the HTTP API, never see each other's events, deliveries, faults or time, and
// each run's state equals a small model of it. Checks inside the property throw (node:assert), so fast-check shrinks
// a failing interleaving and prints it with the seed (RUN_ISOLATION_SEED=<seed> replays it).
import test from 'ava';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import type { Harness } from '../../src/harness/create-harness.js';

type RunName = 'default' | 'fakeRun' | 'systemRun';
const RUN_NAMES: readonly RunName[] = ['default', 'fakeRun', 'systemRun'];
/** Each run's fault answers its own status: a fault leaking into another run would show as the wrong status. */
const FAULT_STATUS: Readonly<Record<RunName, number>> = { default: 502, fakeRun: 503, systemRun: 504 };

type Operation =
  | { readonly op: 'send'; readonly run: RunName; readonly count: number }
  | { readonly op: 'advance'; readonly run: RunName; readonly ms: number }
  | { readonly op: 'fault'; readonly run: RunName; readonly count: number }
  | { readonly op: 'reset'; readonly run: RunName }
  | { readonly op: 'read' };

const runName = fc.constantFrom(...RUN_NAMES);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('send' as const), run: runName, count: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      run: runName,
      ms: fc.integer({ min: 1, max: 86_400_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('fault' as const), run: runName, count: fc.integer({ min: 1, max: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reset' as const), run: runName }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('read' as const) }) },
);

/** What a run should hold, from the operations alone. */
interface RunModel {
  /** messageIds accepted since the last reset, in arrival order. */
  events: string[];
  /** Faults still pending. */
  faults: number;
  /** Fake clocks: epoch ms; the system clock: undefined (it follows the wall clock). */
  clockMs: number | undefined;
  /** messageIds ever accepted (the receiver keeps what reached it across resets). */
  delivered: string[];
}

interface LiveRun {
  readonly name: RunName;
  readonly admin: string;
  readonly writeKey: string;
  readonly secret: string;
  readonly receiver: Receiver;
  /** Receiver requests before this run existed (receivers outlive the runs of one property run). */
  readonly receiverOffset: number;
  readonly settled: () => Promise<void>;
  readonly model: RunModel;
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const source = (writeKey: string, secret: string, url: string) => ({
  writeKey,
  destinations: { Webhooks: { sharedSecret: secret, webhooks: [{ url }] } },
});

test("runs on one server never see each other's events, deliveries, faults or time; each run equals its model", async (t) => {
  const receivers: Record<RunName, Receiver> = {
    default: await startReceiver(t),
    fakeRun: await startReceiver(t),
    systemRun: await startReceiver(t),
  };
  const harness: Harness = await startHarness(t, {
    clock: 'fake',
    config: { sources: [source('wk_default_run', 'secret-default', receivers.default.url)] },
  });
  let sequence = 0;

  const makeRuns = async (): Promise<Record<RunName, LiveRun>> => {
    await postJson(`${harness.url}/__harness/reset`, {});
    const defaultClock = (await getJson(`${harness.url}/__harness/clock`)).body.epochMs as number;
    const live = {} as Record<RunName, LiveRun>;
    live.default = {
      name: 'default',
      admin: `${harness.url}/__harness/runs/default`,
      writeKey: 'wk_default_run',
      secret: 'secret-default',
      receiver: receivers.default,
      receiverOffset: receivers.default.requests.length,
      settled: () => harness.dispatcher.settled(),
      model: { events: [], faults: 0, clockMs: defaultClock, delivered: [] },
    };
    for (const name of ['fakeRun', 'systemRun'] as const) {
      const writeKey = `wk_${name}_${++sequence}`;
      const secret = `secret-${name}-${sequence}`;
      const created = await postJson(`${harness.url}/__harness/runs`, {
        clock: name === 'fakeRun' ? 'fake' : 'system',
        name,
        config: { sources: [source(writeKey, secret, receivers[name].url)] },
      });
      if (created.status !== 201)
        throw new Error(`creating ${name}: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.id as string;
      const run = harness.runs.get(id);
      if (run === undefined) throw new Error(`run ${id} is not live`);
      const clockMs =
        name === 'fakeRun'
          ? ((await getJson(`${harness.url}/__harness/runs/${id}/clock`)).body.epochMs as number)
          : undefined;
      live[name] = {
        name,
        admin: `${harness.url}/__harness/runs/${id}`,
        writeKey,
        secret,
        receiver: receivers[name],
        receiverOffset: receivers[name].requests.length,
        settled: () => run.core.dispatcher.settled(),
        model: { events: [], faults: 0, clockMs, delivered: [] },
      };
    }
    return live;
  };

  const check = async (live: Record<RunName, LiveRun>, when: string): Promise<void> => {
    for (const run of Object.values(live)) {
      const events = (await getJson(`${run.admin}/events`)).body as {
        events: { status: string; writeKey: string; event: { messageId: string } }[];
      };
      assert.deepEqual(
        events.events.map((entry) => entry.event.messageId),
        run.model.events,
        `${when}: the events of ${run.name}`,
      );
      assert.ok(
        events.events.every((entry) => entry.status === 'accepted' && entry.writeKey === run.writeKey),
        `${when}: ${run.name} holds only its own accepted events`,
      );
      const deliveries = (await getJson(`${run.admin}/deliveries`)).body as {
        deliveries: { messageId: string; state: string; writeKey: string }[];
      };
      assert.deepEqual(
        deliveries.deliveries.map((delivery) => delivery.messageId).sort(),
        [...run.model.events].sort(),
        `${when}: the deliveries of ${run.name}`,
      );
      assert.ok(
        deliveries.deliveries.every((delivery) => delivery.state === 'delivered' && delivery.writeKey === run.writeKey),
      );
      const faults = (await getJson(`${run.admin}/faults`)).body as { faults: { remaining: number }[] };
      assert.equal(
        faults.faults.reduce((sum, fault) => sum + fault.remaining, 0),
        run.model.faults,
        `${when}: the pending faults of ${run.name}`,
      );
      const before = Date.now();
      const clock = (await getJson(`${run.admin}/clock`)).body as { mode: string; epochMs: number };
      const after = Date.now();
      if (run.model.clockMs === undefined) {
        assert.equal(clock.mode, 'system');
        assert.ok(
          clock.epochMs >= before - 5 && clock.epochMs <= after + 5,
          `${when}: ${run.name} follows the wall clock`,
        );
      } else assert.equal(clock.epochMs, run.model.clockMs, `${when}: the fake clock of ${run.name}`);
      // What reached the run's receiver: its own events, signed with its own secret, nothing else.
      const received = run.receiver.requests.slice(run.receiverOffset);
      assert.deepEqual(
        received.map((request) => (JSON.parse(request.body) as { messageId: string }).messageId).sort(),
        [...run.model.delivered].sort(),
        `${when}: what the receiver of ${run.name} got`,
      );
      for (const request of received)
        assert.equal(
          request.headers['x-signature'],
          createHmac('sha1', run.secret).update(request.body).digest('hex'),
          `${when}: signed with ${run.name}'s secret`,
        );
    }
  };

  const apply = async (live: Record<RunName, LiveRun>, step: Operation, index: number): Promise<void> => {
    if (step.op === 'read') return check(live, `after step ${index}`);
    const run = live[step.run];
    const where = `step ${index} (${step.op} on ${run.name})`;
    if (step.op === 'send') {
      const ids = Array.from({ length: step.count }, (_, i) => `${run.name}-${index}-${i}-${++sequence}`);
      const answer = await postJson(
        `${harness.url}/v1/batch`,
        { batch: ids.map((messageId) => ({ type: 'track', event: 'Ordered', userId: 'u', messageId })) },
        { authorization: basicAuth(run.writeKey) },
      );
      if (run.model.faults > 0) {
        assert.equal(answer.status, FAULT_STATUS[run.name], `${where}: the run's own fault answers`);
        run.model.faults--;
      } else {
        assert.equal(answer.status, 200, where);
        run.model.events.push(...ids);
        run.model.delivered.push(...ids);
      }
      // Deliveries finish before the next step, so the model of deliveries is exact.
      await within(run.settled(), 20_000, `${where}: the deliveries`);
    } else if (step.op === 'advance') {
      const answer = await postJson(`${run.admin}/clock/advance`, { ms: step.ms });
      if (run.model.clockMs === undefined) assert.equal(answer.body.code, 'CLOCK_NOT_FAKE', where);
      else {
        assert.equal(answer.status, 200, where);
        run.model.clockMs += step.ms;
      }
    } else if (step.op === 'fault') {
      const answer = await postJson(`${run.admin}/faults`, { count: step.count, status: FAULT_STATUS[run.name] });
      assert.equal(answer.status, 200, where);
      run.model.faults += step.count;
    } else {
      assert.equal((await postJson(`${run.admin}/reset`, {})).status, 200, where);
      run.model.events = [];
      run.model.faults = 0;
    }
  };

  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (steps) => {
      const live = await makeRuns();
      try {
        for (const [index, step] of steps.entries()) await apply(live, step, index);
        await check(live, 'at the end');
      } finally {
        for (const run of [live.fakeRun, live.systemRun]) await fetch(run.admin, { method: 'DELETE' });
      }
    }),
    { numRuns: 12, seed: Number(process.env.RUN_ISOLATION_SEED ?? Date.now() % 2 ** 31) },
  );
  t.deepEqual(
    ((await getJson(`${harness.url}/__harness/runs`)).body as { runs: { id: string }[] }).runs.map((run) => run.id),
    ['default'],
    'every run of the property was deleted',
  );
});
