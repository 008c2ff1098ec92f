import test from 'ava';
import { runReceiverSuite, type SuiteReport } from '../../conformance/index.js';
import { brokenReceivers, TEST_TIMEOUT_MS } from './helpers/broken-receivers.js';
import { SECRET, STATIC_HEADERS, startSuiteReceiver } from './helpers/reference-receiver.js';

const SEED = 20_261_122;

/**
 * A report as the sequential run would give it: messageIds are numbered per delivery in a run (the concurrent
 * run numbers its shrinking steps after all of a clause's examples), so they and the X-Signature over them are
 * left out, and so are the receiver's URL (each run has its own) and the --concurrency of the replay command. 4.1.concurrent is the clause about concurrency.
 */
const comparable = (report: SuiteReport, url: string) =>
  JSON.parse(
    JSON.stringify({ ...report, clauses: report.clauses.filter((c) => c.id !== '4.1.concurrent') })
      .replaceAll(url, '<receiver>')
      .replace(/eh-\d+-[^"\\]*-\d+/g, 'eh-ID')
      .replace(/(api-|personas_)[0-9A-Za-z]{27}/g, '$1ID')
      .replace(/"X-Signature":"[0-9a-f]{40}"/g, '"X-Signature":"SIG"')
      .replace(/ --concurrency \d+/g, ''),
  ) as unknown;

// Serial: each run holds a receiver and a suite in this one process, and the timing clause must not see
// the other runs' load as slowness.
for (const [name, broken] of Object.entries(brokenReceivers)) {
  test.serial(`a receiver that ${broken.bug} (${name}) fails exactly ${broken.fails.join(', ')}`, async (t) => {
    const secret = broken.secret ?? SECRET;
    const receiver = await startSuiteReceiver(t, { secret, headers: STATIC_HEADERS, steps: broken.steps });
    const started = Date.now();
    const report = await runReceiverSuite({
      target: { url: receiver.url, secret, headers: STATIC_HEADERS },
      seed: SEED,
      runs: broken.runs ?? 10,
      timeoutMs: TEST_TIMEOUT_MS,
      concurrency: 8,
    });
    t.true(Date.now() - started < 60_000, `judged in ${Date.now() - started} ms`);
    const failed = report.clauses.filter((c) => c.status === 'fail');
    t.deepEqual(failed.map((c) => c.id).sort(), [...broken.fails].sort());
    const first = failed[0];
    t.regex(first?.message ?? '', broken.message);
    const counterexample = first?.counterexample as { headers: Record<string, string>; body: string; answer: string };
    t.is(typeof counterexample.body, 'string', 'the counterexample carries the body sent');
    t.is(counterexample.headers['User-Agent'], 'Segment.io/1.0', 'and the headers sent');
    t.regex(
      first?.replay ?? '',
      new RegExp(
        `^event-harness check receiver ${receiver.url.replaceAll('.', '\\.')} --secret '<secret>' --header 'X-Api-Key:<value>' --header 'X-Team:<value>' --timeout-ms ${TEST_TIMEOUT_MS} --concurrency 8 --seed ${SEED} --runs ${broken.runs ?? 10} --only ${first?.id.replaceAll('.', '\\.')}( --path [\\d:]+)?$`,
      ),
    );
    t.is(report.passed, !failed.some((c) => c.level === 'MUST'));
    // The verdicts, messages, counterexamples and replay paths of the same seed delivered one at a time. The
    // reference run has no second chance for a delivery the loaded machine stalled past the 1 s deadline (the
    // concurrent run confirms such a miss alone), so a reference that differs is taken once more before judging.
    const sequentialReport = async () => {
      const sequential = await startSuiteReceiver(t, { secret, headers: STATIC_HEADERS, steps: broken.steps });
      return comparable(
        await runReceiverSuite({
          target: { url: sequential.url, secret, headers: STATIC_HEADERS },
          seed: SEED,
          runs: broken.runs ?? 10,
          timeoutMs: TEST_TIMEOUT_MS,
          concurrency: 1,
        }),
        sequential.url,
      );
    };
    const concurrent = comparable(report, receiver.url);
    let reference = await sequentialReport();
    if (JSON.stringify(reference) !== JSON.stringify(concurrent)) {
      t.log('the sequential reference differed; taken once more');
      reference = await sequentialReport();
    }
    t.deepEqual(concurrent, reference);
  });
}
