import test from 'ava';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, tsxLoader } from '../../helpers/spawn-cli.js';

const fixture = path.join(repoRoot, 'test/conformance/fixtures/node-test-receiver-suite.ts');

function runNodeTest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, '--test', '--test-reporter=tap', fixture], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

test('registered with node:test: one test per clause, the credential clause skipped without --header, exit 0 for a correct receiver', async (t) => {
  const run = await runNodeTest({ RECEIVER_BUG: '' });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /^ok \d+ - receiver 2\.2\.track \(MUST\): accepts track deliveries$/m);
  t.regex(run.stdout, /^ok \d+ - receiver 2\.1\.static-headers \(MUST\): [^#\n]+$/m);
  t.regex(
    run.stdout,
    /^ok \d+ - receiver 2\.1\.static-headers\.required \(SHOULD\).* # SKIP .*no static headers given/m,
  );
  t.regex(run.stdout, /^# pass 26$/m);
});

test('registered with node:test: a broken receiver fails exactly its clause test, with the replay command', async (t) => {
  const run = await runNodeTest({ RECEIVER_BUG: 'refuses delete' });
  t.is(run.code, 1);
  t.regex(run.stdout, /^not ok \d+ - receiver 2\.2\.delete \(MUST\)/m);
  t.regex(run.stdout, /replay: event-harness check receiver/);
  t.regex(run.stdout, /^# fail 1$/m);
});
