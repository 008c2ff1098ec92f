import test, { type ExecutionContext } from 'ava';
import { basicAuth, getJson, postJson } from '../helpers/harness.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import type { ReceiverBehaviour } from '../helpers/receiver.js';
import {
  deliveriesOf,
  type DeliveryRow,
  requestsPerMessage,
  serveCluster,
  sql,
  waitUntil,
} from '../helpers/serve-cluster.js';
import type { ServeProcess } from '../helpers/spawn-cli.js';

// A node that dies mid-walk on the shared PostgreSQL store (real `serve` child processes, killed with SIGKILL):
// every walk it claimed is taken over once its lease runs out, whatever it had recorded; run-until-idle waits for
// them; every delivery ends delivered or expired on time; the receiver sees a request more than the attempts
// recorded only for the walks taken over, and the admin API counts those.
let postgres: PostgresServer | undefined;
test.before(async () => {
  postgres = await startPostgres();
});
test.after.always(async () => {
  await postgres?.stop();
});

const auth = { authorization: basicAuth('wk') };
const HOUR = 3_600_000;
const WINDOW = 4 * HOUR;

/**
 * Per message: the first request 500; while `hanging()` the next ones hang (the node walking them is about to be
 * killed); after it, 200, except for users named `fail-*`, always 500 (they expire).
 */
function receiverBehaviour(hanging: () => boolean): ReceiverBehaviour {
  const seen = new Map<string, number>();
  return (request) => {
    const body = JSON.parse(request.body) as { messageId: string; userId: string };
    const count = (seen.get(body.messageId) ?? 0) + 1;
    seen.set(body.messageId, count);
    if (count === 1) return { status: 500 };
    if (hanging()) return { hang: true };
    return { status: body.userId.startsWith('fail-') ? 500 : 200 };
  };
}

async function send(node: ServeProcess, users: readonly string[]): Promise<void> {
  const batch = users.map((userId, i) => ({ type: 'track', userId, event: 'Crash', messageId: `m-${userId}-${i}` }));
  const sent = await postJson(`${node.url}/v1/batch`, { batch }, auth);
  if (sent.status !== 200) throw new Error(`the batch was answered ${sent.status}`);
}

async function runUntilIdle(node: ServeProcess): Promise<{ status: number; body: Record<string, unknown> }> {
  return postJson(`${node.url}/__harness/clock/run-until-idle`, { budgetMs: 60_000 });
}

/** Every delivery finished: the good ones delivered, the `fail-*` ones expired exactly at the end of their window. */
function assertFinishedOnTime(t: ExecutionContext, rows: readonly DeliveryRow[]): void {
  for (const row of rows) {
    const failing = row.messageId.startsWith('m-fail-');
    t.is(row.state, failing ? 'expired' : 'delivered', JSON.stringify(row));
    if (!failing) continue;
    const first = Date.parse(row.attempts[0]?.at ?? '');
    const last = Date.parse(row.attempts.at(-1)?.at ?? '');
    t.is(last - first, WINDOW, `${row.id}: the last attempt ends the 4-hour window`);
  }
}

/** The receiver got each message once per recorded attempt, plus once per walk taken over (counted, no more). */
function assertDuplicatesOnlyFromTakeovers(
  t: ExecutionContext,
  rows: readonly DeliveryRow[],
  perMessage: ReadonlyMap<string, number>,
): number {
  let takeovers = 0;
  for (const row of rows) {
    takeovers += row.takeovers ?? 0;
    t.is(perMessage.get(row.messageId), row.attempts.length + (row.takeovers ?? 0), JSON.stringify(row));
  }
  return takeovers;
}

test('two nodes: the node walking retries is killed; the other takes each walk over once its lease runs out, and run-until-idle waits for them', async (t) => {
  let hang = true;
  const cluster = await serveCluster(
    t,
    postgres,
    receiverBehaviour(() => hang),
    'crash_two',
  );
  const lease = ['--lease-ms', '1500'];
  const [n1, n2] = await Promise.all([cluster.start('n1', lease), cluster.start('n2', lease)]);
  const users = ['a', 'b', 'c', 'd', 'e', 'fail-f', 'fail-g', 'fail-h'];
  await send(n1, users);
  await waitUntil(
    async () => (await deliveriesOf(n2.url)).filter((d) => d.attempts.length === 1).length === users.length,
    'node 2 did not see the first attempts',
  );
  // The retries come due on both nodes (each follows the other's clock moves); each walk goes to the node whose claim
  // wins, and hangs at the receiver. A hanging walk holds its node's clock (virtual time waits for an exchange that may
  // still answer: docs/rules.md, "Virtual time"), so the move is not awaited: the node holding a hanging walk's lease
  // is killed while it waits.
  const due = (await deliveriesOf(n2.url)).map((d) => Date.parse(d.nextAttemptAt ?? ''));
  const now = Date.parse(((await getJson(`${n2.url}/__harness/clock`)).body as { now: string }).now);
  const moving = postJson(`${n2.url}/__harness/clock/advance`, { ms: Math.max(...due) - now, budgetMs: 120_000 }).catch(
    (error: unknown) => ({ status: 0, body: { error: String(error) } }),
  );
  let owners: Record<string, unknown>[] = [];
  await waitUntil(async () => {
    owners = await sql(
      cluster.store,
      "SELECT split_part(lease_owner, '/', 1) AS owner, count(*)::int AS n FROM deliveries WHERE state = 'pending' AND lease_until IS NOT NULL GROUP BY 1",
    );
    return owners.length > 0 && cluster.receiver.requests.length > users.length;
  }, 'no retry walk was under way at the receiver');
  const held = new Map(owners.map((row) => [row.owner as string, row.n as number]));
  const [killed, survivor] = (held.get('n1') ?? 0) > 0 ? [n1, n2] : [n2, n1];
  const walksLost = held.get(killed === n1 ? 'n1' : 'n2') ?? 0;
  t.true(walksLost > 0, JSON.stringify(owners));
  await killed.stop('SIGKILL');
  hang = false;
  // The survivor's own hanging walk times out after its timeout in real time; the move answers once it has (or fails
  // with the connection, when the killed node was the one moving).
  await moving;
  // The dead node's walks are taken over once their lease runs out.
  const idle = await runUntilIdle(survivor);
  t.is(idle.status, 200, JSON.stringify(idle.body));
  const rows = await deliveriesOf(survivor.url);
  t.is(rows.length, users.length);
  assertFinishedOnTime(t, rows);
  const takeovers = assertDuplicatesOnlyFromTakeovers(t, rows, requestsPerMessage(cluster.receiver));
  t.is(takeovers, walksLost, 'one takeover per walk the dead node held');
  // The admin API counts them: each is a request the receiver may have had twice.
  t.is(((await getJson(`${survivor.url}/__harness/deliveries`)).body as { takeovers?: number }).takeovers, walksLost);
});

test('one node claims retries and dies before recording them (PostgreSQL refused the commit): a restarted node walks them once the lease runs out', async (t) => {
  let hang = true;
  const cluster = await serveCluster(
    t,
    postgres,
    receiverBehaviour(() => hang),
    'crash_one',
  );
  const lease = ['--lease-ms', '10000'];
  const first = await cluster.start('first', lease);
  const users = ['a', 'b', 'fail-c'];
  await send(first, users);
  await waitUntil(
    async () =>
      Number(
        (await sql(cluster.store, 'SELECT count(*)::int AS n FROM deliveries WHERE next_attempt_at IS NOT NULL'))[0]?.n,
      ) === users.length,
    'the retries were not committed',
  );
  // From now on PostgreSQL refuses to record that a retry walk started: the node claims walks and dies with
  // nothing of them recorded but the claim (as a node killed between its claim and its next commit).
  await sql(
    cluster.store,
    `CREATE FUNCTION refuse_walk_start() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       IF OLD.next_attempt_at IS NOT NULL AND NEW.next_attempt_at IS NULL THEN RAISE EXCEPTION 'refused'; END IF;
       RETURN NEW; END $$;
     CREATE TRIGGER refuse_walk_start BEFORE UPDATE ON deliveries FOR EACH ROW EXECUTE FUNCTION refuse_walk_start()`,
  );
  // To the last retry's time, before any attempt times out (5 s of virtual time): each due walk is claimed once.
  const due = (await deliveriesOf(first.url)).map((d) => Date.parse(d.nextAttemptAt ?? ''));
  const now = Date.parse(((await getJson(`${first.url}/__harness/clock`)).body as { now: string }).now);
  const advanced = await postJson(`${first.url}/__harness/clock/advance`, { ms: Math.max(...due) - now });
  t.true([200, 503].includes(advanced.status), JSON.stringify(advanced.body));
  await waitUntil(() => cluster.receiver.requests.length > users.length, 'no retry reached the receiver');
  const claimed = Number(
    (
      await sql(
        cluster.store,
        "SELECT count(*)::int AS n FROM deliveries WHERE lease_owner LIKE 'first/%' AND lease_until IS NOT NULL",
      )
    )[0]?.n,
  );
  t.true(claimed > 0);
  const sentByTheDead = cluster.receiver.requests.length - users.length;
  await first.stop('SIGKILL');
  await sql(cluster.store, 'DROP TRIGGER refuse_walk_start ON deliveries');
  const pendingRows = await sql(
    cluster.store,
    "SELECT count(*)::int AS n FROM deliveries WHERE state = 'pending' AND next_attempt_at IS NOT NULL",
  );
  t.is(pendingRows[0]?.n, users.length, 'the claimed walks are recorded as due retries only');
  hang = false;
  const second = await cluster.start('second', lease);
  const idle = await runUntilIdle(second);
  t.is(idle.status, 200, JSON.stringify(idle.body) + second.stderr());
  const rows = await deliveriesOf(second.url);
  t.is(rows.length, users.length);
  assertFinishedOnTime(t, rows);
  const takeovers = assertDuplicatesOnlyFromTakeovers(t, rows, requestsPerMessage(cluster.receiver));
  // Each walk the dead node claimed and sent is taken over once: the receiver got that request with no record of it.
  t.is(takeovers, sentByTheDead);
  t.is(takeovers, claimed);
});
