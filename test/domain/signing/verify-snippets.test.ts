import test, { type ExecutionContext } from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHarness } from '../../../src/harness/create-harness.js';
import { repoRoot } from '../../helpers/spawn-cli.js';

// The receivers of docs/webhooks.md "Verify a signature", run for real against signed deliveries of the mock.
const docs = await readFile(path.join(repoRoot, 'docs/webhooks.md'), 'utf8');
const section = docs.slice(docs.indexOf('## Verify a signature'), docs.indexOf('## Outcomes, retries, expiry'));
const snippet = (language: string): string => {
  const match = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(section);
  if (match?.[1] === undefined) throw new Error(`docs/webhooks.md has no ${language} verify snippet`);
  return match[1];
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a receiver process and waits (bounded) until it answers HTTP. */
async function startSnippet(
  t: ExecutionContext,
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  startupMs: number,
): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(command, [...args], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), WEBHOOK_SECRET: 'snippet-secret' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} exited with ${child.exitCode} before listening:\n${output}`);
    try {
      await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) });
      return { url, output: () => output };
    } catch {
      if (Date.now() > deadline)
        throw new Error(`${command} did not listen on ${port} within ${startupMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Sends hostile-but-valid events through the mock to the receiver, signed with the right and a wrong secret. */
async function checkReceiver(t: ExecutionContext, url: string, output: () => string): Promise<void> {
  const source = (writeKey: string, sharedSecret: string) => ({
    writeKey,
    destinations: { Webhooks: { sharedSecret, webhooks: [{ url }] } },
  });
  const harness = await createHarness({
    config: { sources: [source('right', 'snippet-secret'), source('wrong', 'another-secret')] },
  });
  t.teardown(() => harness.stop());
  const send = (writeKey: string, event: Record<string, unknown>) =>
    fetch(`${harness.url}/v1/track`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`,
      },
      body: JSON.stringify(event),
    });
  // Unicode, a key with spaces, a float that some JSON libraries write differently: the raw bytes must be hashed.
  await send('right', {
    userId: 'ü-1',
    messageId: 'snippet-ok',
    event: 'Größe 🎉',
    properties: { 'total amount': 1.5e21, nested: { list: [1, 'two', null] } },
  });
  await send('wrong', { userId: 'u2', messageId: 'snippet-forged', event: 'Forged' });
  await harness.settled();
  const deliveries = harness.dispatcher.list();
  const byMessage = (id: string) => deliveries.find((delivery) => delivery.messageId === id);
  t.is(byMessage('snippet-ok')?.state, 'delivered', 'a correctly signed delivery is accepted');
  t.is(byMessage('snippet-ok')?.attempts[0]?.status, 200);
  t.is(byMessage('snippet-forged')?.state, 'failed', 'a delivery signed with another secret is refused');
  t.is(byMessage('snippet-forged')?.attempts[0]?.status, 401);
  t.regex(output(), /verified track snippet-ok/);
  t.notRegex(output(), /snippet-forged/);
}

test('the JavaScript verify snippet accepts signed deliveries and refuses forged ones', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-snippet-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'receiver.mjs'), snippet('js'));
  const receiver = await startSnippet(t, process.execPath, ['receiver.mjs'], dir, {}, 20_000);
  await checkReceiver(t, receiver.url, receiver.output);
});

test('the Python verify snippet accepts signed deliveries and refuses forged ones', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-snippet-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'receiver.py'), snippet('python'));
  const receiver = await startSnippet(t, 'python3', ['receiver.py'], dir, {}, 20_000);
  await checkReceiver(t, receiver.url, receiver.output);
});

// Go is not part of a Node machine: this runs where `go` is installed (Debian: apt-get install golang-go).
const goInstalled = spawnSync('go', ['version']).status === 0;
if (goInstalled) {
  test('the Go verify snippet accepts signed deliveries and refuses forged ones', async (t) => {
    t.timeout(180_000, 'compiling and running the Go receiver');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-snippet-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'receiver.go'), snippet('go'));
    const cache = path.join(os.tmpdir(), 'event-harness-go-cache');
    // Built first, then run: `go run` would leave the receiver running as its grandchild when killed.
    const built = spawnSync('go', ['build', '-o', 'receiver', 'receiver.go'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 150_000,
      env: { ...process.env, GOCACHE: cache, GOPATH: path.join(cache, 'gopath'), GO111MODULE: 'off' },
    });
    t.is(built.status, 0, `go build: ${built.stderr}`);
    const receiver = await startSnippet(t, path.join(dir, 'receiver'), [], dir, {}, 20_000);
    await checkReceiver(t, receiver.url, receiver.output);
  });
} else {
  test('the Go verify snippet is at least complete Go source (go is not installed here, so it is not run)', (t) => {
    const source = snippet('go');
    t.regex(source, /^package main$/m);
    t.regex(source, /hmac\.New\(sha1\.New, secret\)/);
    t.regex(source, /hmac\.Equal\(/);
    t.log('go is not installed: install golang-go to run the Go receiver against real deliveries');
  });
}
