// The receiver suite as users run it: the built CLI, `check receiver URL --secret S --header K:V ...` at default
// settings (100 runs per property, 5 s deadline, concurrency 100, the 60 s budget), against two receivers (real
// node:http servers in this process): a correct one answering every delivery after 250 ms, and one answering every
// delivery after 5.5 s, over the 5 s deadline (issue 33: judged ok on 5.1.signature.valid, 2.2.track ... at 39 s and
// 60 s a clause, and at clause 9 of 26 after 300 s, at --runs 25).
// Baseline, in the same run: the previous round's CLI (bench/suite-baseline.ts) on the same receivers, cut off at
// 180 s. Target: each judged within 60 s. Run `npm run build` first.
import {
  referenceSteps,
  SECRET,
  STATIC_HEADERS,
  startStandaloneReceiver,
} from '../test/conformance/helpers/reference-receiver.js';
import { report } from './bench-kit.js';
import { baselineCli, cli, comparison, runWithin } from './suite-baseline.js';

const BASELINE_LIMIT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const baseline = baselineCli();
const headers = Object.entries(STATIC_HEADERS).flatMap(([key, value]) => ['--header', `${key}:${value}`]);

for (const [name, answerAfterMs, extra] of [
  ['a correct receiver answering in 250 ms', 250, []],
  ['a receiver answering every delivery after 5.5 s (over the deadline)', 5_500, ['--runs', '25']],
] as const) {
  const receiver = await startStandaloneReceiver({
    secret: SECRET,
    headers: STATIC_HEADERS,
    steps: {
      handle: async (payload, body, state) => {
        await sleep(answerAfterMs);
        return referenceSteps.handle(payload, body, state);
      },
    },
  });
  try {
    const args = ['check', 'receiver', receiver.url, '--secret', SECRET, ...headers, '--seed', '1', '--quiet'];
    const ours = await runWithin([cli, ...args, ...extra, '--reporter', 'json'], BASELINE_LIMIT_MS);
    const before = await runWithin([baseline.cli, ...args, ...extra, '--reporter', 'json'], BASELINE_LIMIT_MS);
    report(
      `receiver suite through the built CLI, ${name}${extra.length > 0 ? ` (${extra.join(' ')})` : ''}`,
      comparison(ours, before, baseline.ref, BASELINE_LIMIT_MS),
    );
  } finally {
    await receiver.close();
  }
}
