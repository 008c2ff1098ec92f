import test from 'ava';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../helpers/spawn-cli.js';

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const config = path.join(repoRoot, 'test/conformance/fixtures/vitest.config.ts');

function runVitest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vitest, 'run', '--config', config, '--reporter=verbose', '--no-color'], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

test('registered with vitest: one test per clause, static-header clauses skipped, exit 0 for a correct receiver', async (t) => {
  const run = await runVitest({ RECEIVER_BUG: '' });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /receiver 2\.2\.track \(MUST\): accepts track deliveries/);
  t.regex(run.stdout, /Tests +21 passed \| 2 skipped \(23\)/);
});

test('registered with vitest: a broken receiver fails exactly its clause test (2.2.unicode, which waits for it, is skipped), with the replay command', async (t) => {
  const run = await runVitest({ RECEIVER_BUG: 'refuses delete' });
  t.is(run.code, 1);
  t.regex(run.stdout, /FAIL .*receiver 2\.2\.delete \(MUST\)/);
  t.regex(run.stdout, /replay: event-harness check receiver/);
  t.regex(run.stdout, /Tests +1 failed \| 19 passed \| 3 skipped \(23\)/);
});
