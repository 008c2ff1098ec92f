import test from 'ava';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot, runProcess } from '../../helpers/spawn-cli.js';

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const config = path.join(repoRoot, 'test/conformance/fixtures/vitest.config.ts');

// vitest prints its report on stdout and its failures on stderr: both are read as one text.
async function runVitest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  const run = await runProcess([vitest, 'run', '--config', config, '--reporter=verbose', '--no-color'], { env });
  return { code: run.code, stdout: run.stdout + run.stderr };
}

test('registered with vitest: one test per clause, the credential clause skipped without --header, exit 0 for a correct receiver', async (t) => {
  const run = await runVitest({ RECEIVER_BUG: '' });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /receiver 2\.2\.track \(MUST\): accepts track deliveries/);
  t.regex(run.stdout, /Tests +26 passed \| 2 skipped \(28\)/);
});

test('registered with vitest: a broken receiver fails exactly its clause test (2.2.unicode leaves delete out and passes), with the replay command', async (t) => {
  const run = await runVitest({ RECEIVER_BUG: 'refuses delete' });
  t.is(run.code, 1);
  t.regex(run.stdout, /FAIL .*receiver 2\.2\.delete \(MUST\)/);
  t.regex(run.stdout, /replay: event-harness check receiver/);
  t.regex(run.stdout, /Tests +1 failed \| 25 passed \| 2 skipped \(28\)/);
  t.regex(run.stdout, /✓ .*receiver 2\.2\.unicode \(MUST\)/);
});
