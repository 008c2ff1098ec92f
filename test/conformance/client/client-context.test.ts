// The client context's wait on an e2e CLI run, against a real `serve` child process as the shared server and a real
// CLI process: what happens when the run's mock goes away (the server killed) while the CLI runs.
import test from 'ava';
import path from 'node:path';
import { createClientContext } from '../../../conformance/client/client-context.js';
import { E2eCliSubject, type E2eCliSettings } from '../../../conformance/client/e2e-cli/e2e-cli-subject.js';
import { RequestLog } from '../../../conformance/client/request-log.js';
import { startRunMocks } from '../../../conformance/client/suite-mock.js';
import { repoRoot, startServe } from '../../helpers/spawn-cli.js';

const RECORDER = path.join(repoRoot, 'test/conformance/client/fixtures/e2e-cli/recording-e2e-cli.mjs');
const SETTLE_MS = 20_000;

test('an e2e CLI run whose shared server was killed: the wait ends once the CLI has ended and the sync failed, judging what came, not at its 20 s bound', async (t) => {
  t.timeout(60_000);
  const serve = await startServe(t, []);
  const mocks = await startRunMocks(7, serve.url, undefined);
  const base = await mocks.open();
  const baseLog = new RequestLog(base.requests);
  const target = { command: [process.execPath, RECORDER], cwd: repoRoot };
  const subjectSettings: E2eCliSettings = { capabilities: [], apiPath: '', settleTimeoutMs: SETTLE_MS };
  const settings = { readyTimeoutMs: 15_000, callTimeoutMs: 5_000, settleTimeoutMs: SETTLE_MS };
  const context = createClientContext({
    target,
    protocol: 'e2e-cli',
    settings,
    mock: base,
    log: baseLog,
    driver: new E2eCliSubject(target, base, subjectSettings),
    start: async (environment) => new E2eCliSubject(target, environment, subjectSettings),
    openRunMock: async () => {
      const mock = await mocks.open();
      return { mock, log: new RequestLog(mock.requests) };
    },
  });
  t.teardown(async () => {
    await context.close();
    baseLog.close();
    // The base run lived on the killed server: its close stops the log's reads, and its DELETE cannot be answered.
    await base.stop().catch(() => undefined);
    await mocks.stop();
  });

  context.enter('test.server-gone');
  const run = await context.begin('test.server-gone', { flushAt: 1, flushAfterMs: 1_000 }, []);
  await run.callAll([{ op: 'track', identity: 'userId', data: { event: 'Gone' } }]);
  t.is(await serve.stop('SIGKILL'), null, 'the server was killed, not stopped');

  const started = Date.now();
  // The CLI starts here (commit), cannot reach the killed server and exits; the run's sync then fails.
  const met = await run.waitFor((requests) => requests.length > 0, 1_000);
  const waited = Date.now() - started;
  t.false(met, 'nothing reached the killed server');
  t.true(waited < SETTLE_MS / 2, `the wait ended ${waited} ms after it began, long before its ${SETTLE_MS} ms bound`);
  const [cli] = run.cliRuns();
  t.truthy(cli?.exit, 'the CLI had ended');
  t.not(cli?.exit?.code, 0, 'the CLI failed to send');
  t.deepEqual(run.requests(), []);
});
