// Runs on `event-harness serve` as users run it: a child process, its fast path in front of Hapi, --max-runs.
import test from 'ava';
import { runCli, startServe } from '../helpers/spawn-cli.js';
import { basicAuth, getJson, postJson } from '../helpers/harness.js';

test("serve prints the runs endpoint, bounds runs with --max-runs, and sends a run's events to that run", async (t) => {
  const serve = await startServe(t, ['--max-runs', '1']);
  const deadline = Date.now() + 10_000;
  while (!/runs \(tenants\) at http:\/\/\S+\/__harness\/runs$/m.test(serve.stderr())) {
    if (Date.now() > deadline) return t.fail(`no runs line in the start banner within 10 s:\n${serve.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const created = await postJson(`${serve.url}/__harness/runs`, { clock: 'fake' });
  t.is(created.status, 201);
  const run = created.body as { id: string; writeKeys: string[] };
  const refused = await postJson(`${serve.url}/__harness/runs`, {});
  t.is(refused.status, 429);
  t.regex(String(refused.body.message), /limit of 1 runs/);
  // Basic auth, as the SDKs send it: answered by the fast path, journaled in the run.
  for (let i = 0; i < 5; i++) {
    const sent = await postJson(
      `${serve.url}/v1/track`,
      { type: 'track', event: 'Served', userId: `u${i}` },
      { authorization: basicAuth(run.writeKeys[0] ?? '') },
    );
    t.is(sent.status, 200);
  }
  t.is(
    (await postJson(`${serve.url}/v1/track`, { event: 'Zero', userId: 'z' }, { authorization: basicAuth('any') }))
      .status,
    200,
  );
  t.is((await getJson(`${serve.url}/__harness/runs/${run.id}/events`)).body.total, 5);
  t.is((await getJson(`${serve.url}/__harness/events`)).body.total, 1);
  t.is(await serve.stop('SIGTERM'), 0);
});

test('--max-runs takes a whole number and the help names it', async (t) => {
  const bad = await runCli(['serve', '--max-runs', 'lots']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--max-runs must be a whole number from 0 to 1000000; received "lots"/);
  const help = await runCli(['serve', '--help']);
  t.regex(help.stdout, /--max-runs N +runs \(tenants\) at most besides the default run \(default 1000\)/);
  t.regex(help.stdout, /POST \/__harness\/runs creates a run/);
});
