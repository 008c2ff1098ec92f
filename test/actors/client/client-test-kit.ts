import type { ExecutionContext } from 'ava';
import type { FakeClock, TimerHandle } from '../../../src/clock/clock.js';
import { createClient, type Client, type CreateClientOptions } from '../../../src/actors/client/index.js';
import { createHarness, type Harness } from '../../../src/harness/create-harness.js';

/** One request the mock server answered: its parsed body and status. */
export interface SeenRequest {
  readonly path: string;
  /** Virtual time the server answered at. */
  readonly at: number;
  readonly status: number;
  readonly bytes: number;
  readonly authorization: string | undefined;
  readonly body: { batch?: Record<string, unknown>[]; sentAt?: string; writeKey?: string };
}

export interface ClientRig {
  readonly harness: Harness;
  readonly clock: FakeClock;
  readonly client: Client;
  readonly requests: SeenRequest[];
  /** Runs virtual time and real I/O until `promise` settles (see below). */
  drive<T>(promise: Promise<T>): Promise<T>;
  /** Lets real I/O run until no request is on the wire, without moving the clock. */
  idle(): Promise<void>;
}

/**
 * The client's view of the shared fake clock, counting the client's own pending timers; its holds are the clock's
 * own, so the client's requests hold virtual time as in a harness (docs/rules.md, "Virtual time").
 */
function countingClock(clock: FakeClock): FakeClock & { pending(): number } {
  const live = new Set<TimerHandle>();
  const setTimer = (callback: () => void, ms: number): TimerHandle => {
    const handle: TimerHandle = clock.setTimeout(() => {
      live.delete(handle);
      callback();
    }, ms);
    live.add(handle);
    return handle;
  };
  return {
    ...clock,
    mode: 'fake',
    now: () => clock.now(),
    setTimeout: setTimer,
    clearTimeout(handle) {
      live.delete(handle);
      clock.clearTimeout(handle);
    },
    sleep: (ms) => new Promise<void>((resolve) => setTimer(resolve, ms)),
    pending: () => live.size,
  };
}

const realTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The mock service on a fake clock with a client on the same clock, every request recorded from the core's
 * request log. Time moves only when the client has nothing on the wire, or a request has been waiting on
 * the server (a delay fault sleeping on the clock) for a while of real time.
 */
export async function startClientRig(
  t: ExecutionContext,
  options: Partial<CreateClientOptions> = {},
  writeKey = 'client-key',
): Promise<ClientRig> {
  const rig = await createClientRig(options, writeKey);
  t.teardown(() => rig.stop());
  return rig;
}

/** The same rig without a test context (for one property run); call stop() when done. */
export async function createClientRig(
  options: Partial<CreateClientOptions> = {},
  writeKey = 'client-key',
): Promise<ClientRig & { stop(): Promise<void> }> {
  const harness = await createHarness({ clock: 'fake' });
  const clock = harness.clock as FakeClock;
  const requests: SeenRequest[] = [];
  // The core's request log: fed by every adapter, answered and dropped requests alike, the body as sent.
  harness.core.requests.subscribe((_record, served) => {
    if (!served.path.startsWith('/v1/')) return;
    const raw = served.body;
    const text = raw === undefined ? '' : typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
    let body: SeenRequest['body'] = {};
    try {
      body = JSON.parse(text) as SeenRequest['body'];
    } catch {
      // A dropped connection may leave no body.
    }
    const authorization = served.headers.authorization;
    requests.push({
      path: served.path,
      at: clock.now(),
      // 0: the connection was dropped without an answer.
      status: served.status ?? 0,
      bytes: Buffer.byteLength(text),
      authorization: typeof authorization === 'string' ? authorization : authorization?.[0],
      body,
    });
  });
  const clientClock = countingClock(clock);
  const client = createClient(writeKey, { endpoint: harness.url, clock: clientClock, random: () => 0.5, ...options });
  async function stop(): Promise<void> {
    const closing = client.close();
    await drive(closing).catch(() => undefined);
    await harness.stop();
  }
  async function idle(): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (client.stats().inFlight > 0 && Date.now() < deadline) await realTick();
    for (let i = 0; i < 5; i++) await realTick();
  }
  /** After giving real I/O a moment, so a retry racing a sleeping original is not timed out early. */
  async function moveUnlessAnswered(done: () => boolean): Promise<void> {
    const since = Date.now();
    const requests = client.stats().requests;
    const waiting = () => !done() && client.stats().requests === requests && client.stats().inFlight > 0;
    while (waiting() && Date.now() - since < 30) await realTick();
    if (waiting()) await clock.next();
  }
  async function drive<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const watched = promise.finally(() => {
      done = true;
    });
    // Real time only bounds a stuck test; the scenario itself runs on the fake clock.
    const deadline = Date.now() + 50_000;
    while (!done && Date.now() < deadline) {
      await realTick();
      if (done) break;
      if (client.stats().inFlight > 0) {
        // A request on the wire moves time only when the server sleeps on the clock (a delay fault).
        if (clock.pendingTimers() > clientClock.pending()) await moveUnlessAnswered(() => done);
        continue;
      }
      if (clock.pendingTimers() > 0) await clock.next();
    }
    return watched;
  }
  return { harness, clock, client, requests, drive, idle, stop };
}

export const batchRequests = (requests: readonly SeenRequest[]) => requests.filter((r) => r.path === '/v1/batch');
