import test from 'ava';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, runCli, startServe, tsxLoader } from '../helpers/spawn-cli.js';
import { adminGet, refusal, startMcp, structured } from './helpers/mcp-process.js';

test('with --server and --run the tools act on that run of a running serve, as its admin API answers', async (t) => {
  const serve = await startServe(t, ['--clock', 'fake', '--threads', '0', '--quiet']);
  const created = (await (
    await fetch(`${serve.url}/__harness/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clock: 'fake', name: 'agent run' }),
    })
  ).json()) as { id: string; writeKeys: string[] };
  const mcp = await startMcp(t, ['--server', serve.url, '--run', created.id]);
  t.regex(mcp.stderr(), new RegExp(`serving the mock at ${serve.url} \\(run ${created.id}\\)`));

  const sent = structured(t, await mcp.call('send_sample_calls', { type: 'batch' }));
  t.is(sent.writeKey, created.writeKeys[0]);
  const page = structured(t, await mcp.call('query_journal', { limit: 10 }));
  const runEvents = await adminGet(serve.url, `/runs/${created.id}/events?limit=10`);
  t.is(page.total, 6);
  t.deepEqual(page.events, runEvents.events);
  t.is((await adminGet(serve.url, '/events')).total, 0, 'nothing reached the default run');
  // A tool can still name the default run.
  t.is(structured(t, await mcp.call('query_journal', { run: 'default' })).total, 0);
  t.deepEqual(structured(t, await mcp.call('get_clock')), await adminGet(serve.url, `/runs/${created.id}/clock`));
  t.regex(refusal(t, await mcp.call('get_clock', { run: 'run_missing' })), /RUN_NOT_FOUND/);
});

test('mcp refuses a server that does not answer, a run it does not have, and mixed options, with exit code 2', async (t) => {
  const serve = await startServe(t, ['--threads', '0', '--quiet']);
  const missing = await runCli(['mcp', '--server', serve.url, '--run', 'run_nope']);
  t.is(missing.code, 2);
  t.regex(missing.stderr, /RUN_NOT_FOUND/);
  const down = await runCli(['mcp', '--server', 'http://127.0.0.1:1']);
  t.is(down.code, 2);
  t.regex(down.stderr, /is `event-harness serve` running there/);
  const mixed = await runCli(['mcp', '--server', serve.url, '--seed', '3']);
  t.is(mixed.code, 2);
  t.regex(mixed.stderr, /"--seed" "3": serve options apply to the mock started here/);
  const runAlone = await runCli(['mcp', '--run', 'run_x']);
  t.is(runAlone.code, 2);
  t.regex(runAlone.stderr, /--run names a run on a running server; give --server URL too/);
  const help = await runCli(['mcp', '--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /--allow-target HOST/);
});

test('a line that is not JSON-RPC does not stop the server; closing stdin stops it and its mock', async (t) => {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(repoRoot, 'src/cli/main.ts'), 'mcp'], {
    cwd: repoRoot,
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const until = async (what: () => boolean, label: string) => {
    for (let waited = 0; !what(); waited += 20) {
      if (waited > 60_000) throw new Error(`${label} did not come: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until(() => /mock listening on http:\/\/\S+/.test(stderr), 'the listening line');
  const url = /mock listening on (http:\/\/\S+)/.exec(stderr)?.[1] ?? '';
  child.stdin.write('this is not json\n{"jsonrpc":"2.0","id":1,"method":"no/such/method"}\n');
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
  );
  await until(() => stdout.includes('"id":2'), 'the initialize answer');
  const lines = stdout
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as { id?: number; error?: { code: number }; result?: { serverInfo?: { name: string } } },
    );
  t.is(lines.find((line) => line.id === 1)?.error?.code, -32601, 'an unknown method is answered "method not found"');
  t.is(lines.find((line) => line.id === 2)?.result?.serverInfo?.name, 'event-harness');
  t.regex(stderr, /event-harness mcp: .*JSON/, 'the bad line is said on stderr');
  t.is((await adminGet(url, '/health')).ok, true, 'the mock still answers');
  child.stdin.end();
  t.is(await exited, 0);
  t.regex(stderr, /stdin closed; stopping/);
  await t.throwsAsync(
    fetch(`${url}/__harness/health`, { signal: AbortSignal.timeout(2_000) }),
    undefined,
    'the mock is stopped',
  );
});
