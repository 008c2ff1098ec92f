import test from 'ava';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot, runProcess } from '../../helpers/spawn-cli.js';

const jest = path.join(path.dirname(createRequire(import.meta.url).resolve('jest/package.json')), 'bin/jest.js');
const config = path.join(repoRoot, 'test/conformance/fixtures/jest/jest.config.mjs');

// jest writes its report on stderr: both streams are read as one text.
async function runJest(bug: string): Promise<{ code: number | null; output: string }> {
  const run = await runProcess(
    ['--experimental-vm-modules', '--no-warnings', jest, '--config', config, '--verbose', '--ci', '--colors=false'],
    { env: { RECEIVER_BUG: bug, NODE_OPTIONS: '' } },
  );
  return { code: run.code, output: run.stdout + run.stderr };
}

test('the jest (ESM) recipe: one test per clause, exit 0 for a correct receiver', async (t) => {
  t.timeout(240_000, 'jest running the receiver suite');
  const run = await runJest('');
  t.is(run.code, 0, run.output);
  t.regex(run.output, /receiver 2\.2\.track \(MUST\): accepts track deliveries/);
  t.regex(run.output, /Tests: +\d+ passed, \d+ total/);
  t.notRegex(run.output, /failed/);
});

test('the jest (ESM) recipe: a receiver that refuses deletes fails exactly 2.2.delete with the replay command', async (t) => {
  t.timeout(240_000, 'jest running the receiver suite');
  const run = await runJest('refuses-delete');
  t.is(run.code, 1);
  t.regex(run.output, /✕ receiver 2\.2\.delete \(MUST\)/);
  t.regex(run.output, /replay: event-harness check receiver/);
  t.regex(run.output, /Tests: +1 failed, \d+ passed, \d+ total/);
});
