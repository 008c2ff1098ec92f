// DEBUG=analytics is read from the real environment of a real process, and the lines go to stderr.
import test from 'ava';
import path from 'node:path';
import { repoRoot, runProcess, tsxLoader } from '../../helpers/spawn-cli.js';
import { startHarness } from '../../helpers/harness.js';

const script = (endpoint: string) => `
import { createClient } from ${JSON.stringify(path.join(repoRoot, 'src/actors/client/index.ts'))};
const client = createClient('debug-key', { endpoint: ${JSON.stringify(endpoint)}, flushAt: 1 });
client.track({ userId: 'u', event: 'Logged' });
const result = await client.close();
process.stdout.write(JSON.stringify(result) + '\\n');
`;

const run = (endpoint: string, env: NodeJS.ProcessEnv) =>
  runProcess(['--import', tsxLoader, '--input-type=module', '-e', script(endpoint)], { env: { DEBUG: '', ...env } });

test("DEBUG=analytics writes the client's log lines to stderr; without it the client says nothing", async (t) => {
  const harness = await startHarness(t);
  const logged = await run(harness.url, { DEBUG: 'analytics' });
  t.is(logged.code, 0, logged.stderr);
  t.deepEqual(JSON.parse(logged.stdout), { delivered: 1, failed: [] });
  t.regex(logged.stderr, /^analytics debug sending batch \{"events":1,"bytes":\d+,"attempt":1\}$/m);
  t.regex(logged.stderr, /^analytics debug batch delivered /m);
  const quiet = await run(harness.url, {});
  t.is(quiet.code, 0, quiet.stderr);
  t.false(quiet.stderr.includes('analytics'), quiet.stderr);
  t.is(harness.journal.counts().accepted, 2);
});
