// Issue 32, "deterministic records": for the same events, seed and receivers, every delivery's attempts (times,
// outcomes, order) are the same whatever moves the fake clock. Each run draws real receivers (fast 2xx, fast 5xx,
// 429 with Retry-After, slow but inside the timeout, answering after it, hanging, refusing connections) and a step
// plan (one jump, random steps over HTTP and in process, steps landing exactly on deadlines and retry times,
// next-retry, next timer), and compares the records with the reference: the clock stepped one timer at a time.
// A short timeout and retry window keep the real cost of timeouts small: a timeout is paid in real time.
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { createServer } from 'node:net';
import type { FakeClock } from '../../../src/clock/clock.js';
import { createHarness, type Harness } from '../../../src/harness/create-harness.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';
import { startReceiver } from '../../helpers/receiver.js';

const TIMEOUT_MS = 400;
const WINDOW_MS = 12_000;
const SEED = 32_032;
const RUNS = { memory: 6, postgres: 4 } as const;

type Kind = 'ok' | 'fails' | 'limited' | 'slow' | 'late' | 'hangs' | 'refuses';
const TIMES_OUT: ReadonlySet<Kind> = new Set(['late', 'hangs']);

type Step =
  | { readonly op: 'advance'; readonly ms: number; readonly via: 'http' | 'process' }
  | { readonly op: 'land'; readonly offset: -1 | 0 | 1 }
  | { readonly op: 'next-retry' }
  | { readonly op: 'next' };

interface Scenario {
  /** Each delivery's URLs, walked in order. */
  readonly deliveries: readonly (readonly Kind[])[];
  readonly plan: readonly Step[];
}

const kind: fc.Arbitrary<Kind> = fc.oneof(
  { arbitrary: fc.constant<Kind>('ok'), weight: 3 },
  { arbitrary: fc.constant<Kind>('fails'), weight: 3 },
  { arbitrary: fc.constant<Kind>('limited'), weight: 2 },
  { arbitrary: fc.constant<Kind>('slow'), weight: 2 },
  { arbitrary: fc.constant<Kind>('refuses'), weight: 2 },
  { arbitrary: fc.constant<Kind>('late'), weight: 1 },
  { arbitrary: fc.constant<Kind>('hangs'), weight: 1 },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('advance' as const),
    // Exactly a timeout, a millisecond either side of it, and random amounts.
    ms: fc.oneof(fc.constantFrom(0, 1, TIMEOUT_MS - 1, TIMEOUT_MS, TIMEOUT_MS + 1), fc.integer({ min: 0, max: 6_000 })),
    via: fc.constantFrom('http' as const, 'process' as const),
  }),
  fc.record({ op: fc.constant('land' as const), offset: fc.constantFrom(-1 as const, 0 as const, 1 as const) }),
  fc.constant({ op: 'next-retry' as const }),
  fc.constant({ op: 'next' as const }),
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  deliveries: fc.array(fc.array(kind, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
  plan: fc.oneof(
    fc.constant([{ op: 'advance', ms: 2 * WINDOW_MS, via: 'http' } as Step]),
    fc.array(step, { minLength: 1, maxLength: 10 }),
  ),
});

/** One real receiver per kind, for the whole test. */
async function startReceivers(t: ExecutionContext): Promise<Record<Kind, string>> {
  const at = async (reply: Parameters<typeof startReceiver>[1]) => (await startReceiver(t, reply)).url;
  const closed = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  return {
    ok: await at(() => ({ status: 204 })),
    fails: await at(() => ({ status: 503, body: 'down' })),
    limited: await at(() => ({ status: 429, headers: { 'retry-after': '2' }, body: 'slow down' })),
    slow: await at(() => ({ status: 500, delayMs: 20 })),
    late: await at(() => ({ status: 200, delayMs: TIMEOUT_MS * 3 })),
    hangs: await at(() => ({ hang: true })),
    refuses: `http://127.0.0.1:${closed}/hook`,
  };
}

interface Record_ {
  readonly state: string;
  readonly attempts: readonly string[];
}

async function play(
  urls: Record<Kind, string>,
  store: string | undefined,
  { deliveries, plan }: Scenario,
  reference: boolean,
): Promise<Map<string, Record_>> {
  const kindOf = new Map(Object.entries(urls).map(([k, url]) => [url, k]));
  const harness: Harness = await createHarness({
    clock: 'fake',
    seed: 7,
    ...(store !== undefined ? { store, storeOptions: { leaseMs: 2_000, sweepMs: 200 } } : {}),
    config: {
      sources: deliveries.map((kinds, i) => ({
        writeKey: `wk${i}`,
        destinations: { Webhooks: { webhooks: kinds.map((k) => ({ url: urls[k] })) } },
      })),
      delivery: { timeoutMs: TIMEOUT_MS, retryWindowMs: WINDOW_MS },
    },
  });
  try {
    const clock = harness.clock as FakeClock;
    for (let i = 0; i < deliveries.length; i++) {
      const sent = await fetch(`${harness.url}/v1/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ writeKey: `wk${i}`, userId: 'u', event: 'E', messageId: `m${i}` }),
      });
      if (sent.status !== 200) throw new Error(`track ${i}: ${sent.status}`);
    }
    if (reference) {
      // The reference: one timer at a time, each once the work before it is done, until nothing is pending.
      while (harness.dispatcher.counts().pending > 0) if (!(await clock.next({ budgetMs: 60_000 }))) break;
    } else {
      for (const s of plan) await move(harness, clock, s);
      const idle = await fetch(`${harness.url}/__harness/clock/run-until-idle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ budgetMs: 60_000 }),
      });
      if (idle.status !== 200) throw new Error(`run-until-idle: ${idle.status} ${await idle.text()}`);
    }
    const records = new Map<string, Record_>();
    for (const d of harness.dispatcher.list())
      records.set(d.messageId, {
        state: d.state,
        attempts: d.attempts.map(
          (a) => `${kindOf.get(a.url)} ${a.at} ${a.status ?? a.error} ${a.durationMs} ${a.verdict} ${a.answer ?? ''}`,
        ),
      });
    return records;
  } finally {
    await harness.stop();
  }
}

async function move(harness: Harness, clock: FakeClock, s: Step): Promise<void> {
  const admin = (path: string, body: unknown) =>
    fetch(`${harness.url}/__harness/clock/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (answer) => {
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    });
  if (s.op === 'advance') {
    if (s.via === 'http') await admin('advance', { ms: s.ms, budgetMs: 60_000 });
    else await clock.advance(s.ms, { budgetMs: 60_000 });
  } else if (s.op === 'land') {
    const due = clock.nextTimerAt();
    if (due !== undefined && due + s.offset >= clock.now()) await clock.advanceTo(due + s.offset, { budgetMs: 60_000 });
  } else if (s.op === 'next-retry') await admin('next-retry', { budgetMs: 60_000 });
  else await admin('next', { budgetMs: 60_000 });
}

/** The rule itself, beside the comparison: a timeout is exactly the receivers that did not answer in time. */
function checkOutcomes(records: Map<string, Record_>, scenario: Scenario): void {
  for (const [messageId, record] of records) {
    const kinds = scenario.deliveries[Number(messageId.slice(1))] ?? [];
    if (record.state === 'pending') throw new Error(`${messageId} is still pending`);
    for (const attempt of record.attempts) {
      const [k, , outcome, duration] = attempt.split(' ') as [Kind, string, string, string];
      if (!kinds.includes(k)) throw new Error(`${messageId}: an attempt to ${k}, not one of ${kinds.join(', ')}`);
      const timedOut = outcome === 'ETIMEDOUT';
      if (timedOut !== TIMES_OUT.has(k) || Number(duration) !== (timedOut ? TIMEOUT_MS : 0))
        throw new Error(`${messageId}: ${attempt} is not how a receiver that ${k} ends`);
    }
  }
}

async function holds(urls: Record<Kind, string>, store: () => Promise<string | undefined>, s: Scenario) {
  const expected = await play(urls, await store(), s, true);
  checkOutcomes(expected, s);
  const actual = await play(urls, await store(), s, false);
  if (JSON.stringify([...actual]) !== JSON.stringify([...expected]))
    throw new Error(
      `the plan ${JSON.stringify(s.plan)} gave other records than one timer at a time:\nexpected ${JSON.stringify([...expected], null, 1)}\nactual ${JSON.stringify([...actual], null, 1)}`,
    );
}

/** Runs the property; a failure reports the counterexample, the seed that replays it and the records that differ. */
async function checkProperty(
  t: ExecutionContext,
  property: fc.IAsyncProperty<[Scenario]>,
  numRuns: number,
  seed: number,
) {
  const outcome = await fc.check(property, { numRuns, seed, endOnFailure: true });
  const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
  t.false(outcome.failed, `${fc.defaultReportMessage(outcome) ?? ''}\n${outcome.failed ? cause : ''}`);
  t.is(outcome.numRuns, numRuns);
}

// One after the other: each run's timing is real, and a slow answer must stay well inside the timeout.
test.serial(
  `memory store: every step plan gives the records of the clock stepped timer by timer (${RUNS.memory} runs, seed ${SEED})`,
  async (t) => {
    const urls = await startReceivers(t);
    await checkProperty(
      t,
      fc.asyncProperty(scenario, (s) => holds(urls, async () => undefined, s)),
      RUNS.memory,
      SEED,
    );
  },
);

test.serial(
  `PostgreSQL store: every step plan gives the records of the clock stepped timer by timer (${RUNS.postgres} runs, seed ${SEED + 1})`,
  async (t) => {
    const urls = await startReceivers(t);
    const postgres: PostgresServer = await startPostgres();
    t.teardown(() => postgres.stop());
    let databases = 0;
    const store = () => postgres.createDatabase(`vt_${++databases}`);
    await checkProperty(
      t,
      fc.asyncProperty(scenario, (s) => holds(urls, store, s)),
      RUNS.postgres,
      SEED + 1,
    );
  },
);
