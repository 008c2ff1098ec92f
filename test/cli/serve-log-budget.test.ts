// serve's log under load: routine lines past ROUTINE_LINES_PER_SECOND become one summary line a second, while
// warnings are all written and --log-level debug writes every line.
import test from 'ava';
import { startServe } from '../helpers/spawn-cli.js';
import { ROUTINE_LINES_PER_SECOND } from '../../src/cli/serve-log.js';

const authorization = `Basic ${Buffer.from('busy-key:').toString('base64')}`;

async function postBatch(url: string, events: readonly Record<string, unknown>[]): Promise<number> {
  const response = await fetch(`${url}/v1/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ batch: events }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function until(probe: () => boolean, what: string, stderr: () => string): Promise<void> {
  for (let i = 0; i < 2_400; i++) {
    if (probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up after 60 s waiting for ${what}; the log so far:\n${stderr().slice(-3_000)}`);
}

const tracks = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ type: 'track', userId: `${prefix}-${i}`, event: 'Busy' }));

test('past the budget, routine lines are counted into a summary line; every rejected event is still written', async (t) => {
  const serve = await startServe(t);
  const accepted = ROUTINE_LINES_PER_SECOND + 100;
  t.is(
    await postBatch(serve.url, [
      ...tracks(accepted, 'ok'),
      ...Array.from({ length: 30 }, () => ({ type: 'track', event: 'No User' })),
    ]),
    200,
  );
  await until(() => /not logged one by one/.test(serve.stderr()), 'the summary line', serve.stderr);
  const log = serve.stderr();
  const written = (log.match(/INFO: event accepted: track Busy/g) ?? []).length;
  t.true(written > 0 && written <= ROUTINE_LINES_PER_SECOND, `accepted lines written one by one: ${written}`);
  const summary = /INFO: not logged one by one in the last 1 s: (.*)$/m.exec(log)?.[1] ?? '';
  const skipped = Number(/([\d,]+) events accepted/.exec(summary)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  t.is(skipped, accepted - written, `the summary counts each accepted line not written: ${summary}`);
  t.regex(summary, /--log-level debug writes every line/);
  t.is((log.match(/WARN: event rejected: track "No User"/g) ?? []).length, 30, 'warnings never go through the budget');
  t.is(await serve.stop(), 0);
});

test('--log-level debug writes every routine line', async (t) => {
  const serve = await startServe(t, ['--log-level', 'debug']);
  const accepted = ROUTINE_LINES_PER_SECOND + 50;
  t.is(await postBatch(serve.url, tracks(accepted, 'debug')), 200);
  await until(
    () => (serve.stderr().match(/event accepted: track Busy/g) ?? []).length >= accepted,
    `${accepted} event lines`,
    serve.stderr,
  );
  t.notRegex(serve.stderr(), /not logged one by one/);
  t.is(await serve.stop(), 0);
});
