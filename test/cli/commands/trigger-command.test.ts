import test from 'ava';
import { createServer } from 'node:net';
import { runCli, startServe } from '../../helpers/spawn-cli.js';

interface EventsBody {
  total: number;
  events: { status: string; writeKey: string; event: Record<string, unknown> }[];
}

const events = async (url: string, query = '') =>
  (await (await fetch(`${url}/__harness/events${query}`)).json()) as EventsBody;

test('trigger sends sample calls to a running mock, which journals and delivers them', async (t) => {
  const serve = await startServe(t, ['--quiet', '--clock', 'fake']);
  const track = await runCli(['trigger', 'track', '--url', serve.url, '--count', '2', '--write-key', 'wk_demo']);
  t.is(track.code, 0, track.stderr);
  t.regex(track.stdout, /^POST \/v1\/track -> 200 \{"success":true\}$/m);
  t.regex(track.stdout, /sent 2 track calls; see http:\/\/127\.0\.0\.1:\d+\/__harness\/events/);
  const tracked = await events(serve.url, '?type=track');
  t.is(tracked.total, 2);
  t.true(tracked.events.every((entry) => entry.status === 'accepted' && entry.writeKey === 'wk_demo'));
  t.deepEqual(
    tracked.events.map((entry) => entry.event.userId),
    ['user_1', 'user_2'],
  );

  const batch = await runCli(['trigger', 'batch', '--user-id', 'u9'], { env: { EVENT_HARNESS_URL: serve.url } });
  t.is(batch.code, 0, batch.stderr);
  const batched = await events(serve.url, '?userId=u9');
  t.deepEqual(batched.events.map((entry) => entry.event.type).sort(), [
    'alias',
    'group',
    'identify',
    'page',
    'screen',
    'track',
  ]);
  t.true(
    batched.events.every((entry) => entry.status === 'accepted'),
    'every sample is a valid call',
  );

  const deletion = await runCli(['trigger', 'delete', '--url', serve.url, '--user-id', 'u9']);
  t.is(deletion.code, 0, deletion.stderr);
  t.regex(deletion.stdout, /^POST \/__harness\/deletions -> 20\d /m);
  t.is(await serve.stop(), 0);
});

test('trigger without a mock to talk to exits 2 saying what to do', async (t) => {
  const noUrl = await runCli(['trigger', 'track'], { env: { EVENT_HARNESS_URL: '' } });
  t.is(noUrl.code, 2);
  t.regex(noUrl.stderr, /no mock to send to; give --url http:\/\/HOST:PORT/);
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const nothing = await runCli(['trigger', 'track', '--url', `http://127.0.0.1:${port}`]);
  t.is(nothing.code, 2);
  t.regex(
    nothing.stderr,
    new RegExp(`nothing answers at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\); start the mock`),
  );
  const badType = await runCli(['trigger', 'click', '--url', 'http://127.0.0.1:9']);
  t.is(badType.code, 2);
  t.regex(
    badType.stderr,
    /expected a TYPE, one of track, identify, page, screen, group, alias, batch, delete; received "click"/,
  );
});

test("trigger with a run's write key: calls reach that run, delete goes to the run's admin API, and the hint names the run", async (t) => {
  const serve = await startServe(t, ['--quiet', '--clock', 'fake']);
  const created = await fetch(`${serve.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clock: 'fake' }),
  });
  const run = (await created.json()) as { id: string; writeKeys: string[]; urls: { admin: string } };
  const writeKey = run.writeKeys[0] ?? '';
  const track = await runCli(['trigger', 'track', '--url', serve.url, '--write-key', writeKey, '--user-id', 'u7']);
  t.is(track.code, 0, track.stderr);
  t.true(
    track.stdout.includes(`see ${run.urls.admin}/events and ${run.urls.admin}/deliveries`),
    `the hint points at the run's own journal: ${track.stdout}`,
  );
  const inRun = (await (await fetch(`${run.urls.admin}/events?userId=u7`)).json()) as EventsBody;
  t.is(inRun.total, 1, 'the call reached the run');
  t.is((await events(serve.url, '?userId=u7')).total, 0, 'and not the default run');

  const deletion = await runCli(['trigger', 'delete', '--url', serve.url, '--write-key', writeKey, '--user-id', 'u7']);
  t.is(deletion.code, 0, deletion.stderr);
  t.true(
    deletion.stdout.includes(`POST /__harness/runs/${run.id}/deletions -> 200`),
    `the deletion request went to the run: ${deletion.stdout}`,
  );
});
