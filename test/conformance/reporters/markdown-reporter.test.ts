import test from 'ava';
import { clauseTitles, formatReport, receiverClauses, type SuiteReport } from '../../../conformance/index.js';

const titles = clauseTitles(receiverClauses);
const failing: SuiteReport = {
  suite: 'receiver',
  seed: 12,
  passed: false,
  clauses: [
    { id: '4.1.no-redirect', level: 'MUST', status: 'pass' },
    {
      id: '2.2.unicode',
      level: 'MUST',
      status: 'fail',
      message: 'The receiver answered 500 | a pipe; verify the raw body bytes',
      counterexample: {
        method: 'POST',
        url: 'http://127.0.0.1:1/h',
        headers: { 'X-Signature': 'ab' },
        body: '{"a":"```"}',
        answer: '500',
      },
      replay: "event-harness check receiver http://127.0.0.1:1/h --seed 12 --only 2.2.unicode --path '0:1'",
    },
    { id: '7.redelivery.idempotent', level: 'SHOULD', status: 'fail', message: 'twice' },
    { id: '5.1.signature.valid', level: 'MUST', status: 'skip', message: 'no shared secret given' },
    { id: '5.1.signature.tampered', level: 'MUST', status: 'skip', waived: true, message: 'waived' },
  ],
  waived: ['5.1.signature.tampered'],
  notRun: ['5.1.signature.valid'],
};

test('markdown: the verdict, one row per clause with its title, each failure with message, counterexample and replay', (t) => {
  const text = formatReport(failing, 'markdown', titles);
  t.regex(text, /^## event-harness receiver suite: ❌ not conformant\n/);
  t.regex(text, /^- 1 passed, 2 failed \(1 MUST, 1 SHOULD\), 2 skipped$/m);
  t.regex(text, /^\| ✅ pass \| MUST \| `4\.1\.no-redirect` \| never answers with a redirect \(3xx\) \|$/m);
  t.regex(text, /^\| ⚠️ not run \| MUST \| `5\.1\.signature\.valid` \|/m);
  t.regex(text, /^\| ⏭️ waived \| MUST \| `5\.1\.signature\.tampered` \|/m);
  t.regex(text, /^#### ❌ MUST `2\.2\.unicode`: accepts any Unicode content/m);
  t.regex(text, /^#### ❌ SHOULD `7\.redelivery\.idempotent`/m);
  // The counterexample's own backticks cannot close its block early: the fence is longer.
  t.true(
    text.includes(
      '````\nThe receiver answered 500 | a pipe; verify the raw body bytes\n\ncounterexample:\nPOST http://127.0.0.1:1/h',
    ),
  );
  t.true(
    text.includes(
      "```sh\nevent-harness check receiver http://127.0.0.1:1/h --seed 12 --only 2.2.unicode --path '0:1'\n```",
    ),
  );
  t.regex(text, /^- `5\.1\.signature\.valid`: no shared secret given$/m);
  t.regex(text, /^- to accept them as not run: --waive 5\.1\.signature\.valid$/m);
  // Table rows have exactly five pipes: nothing in a title broke the table.
  for (const row of text.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---')))
    t.is(row.replaceAll('\\|', '').split('|').length, 6, row);
});

test('markdown: a passing report says so and lists no failures', (t) => {
  const text = formatReport(
    {
      suite: 'receiver',
      seed: 3,
      passed: true,
      clauses: [{ id: '4.1.no-redirect', level: 'MUST', status: 'pass' }],
      waived: [],
      notRun: [],
    },
    'markdown',
    titles,
  );
  t.regex(text, /^## event-harness receiver suite: ✅ every MUST clause holds/);
  t.false(text.includes('Failures'));
  t.regex(text, /result: every MUST clause holds/);
});

test('markdown: MUST clauses held back by the same failure share one line', (t) => {
  const blocked = 'not checked: 5.1.signature.valid failed; fix 5.1.signature.valid first';
  const text = formatReport(
    {
      suite: 'receiver',
      seed: 1,
      passed: false,
      clauses: [
        { id: '5.1.signature.valid', level: 'MUST', status: 'fail', message: 'refused a valid signature' },
        { id: '2.2.track', level: 'MUST', status: 'skip', message: blocked },
        { id: '2.2.page', level: 'MUST', status: 'skip', message: blocked },
      ],
      waived: [],
      notRun: ['2.2.track', '2.2.page'],
    },
    'markdown',
    titles,
  );
  t.regex(
    text,
    /^- `2\.2\.track`, `2\.2\.page`: not checked: 5\.1\.signature\.valid failed; fix 5\.1\.signature\.valid first$/m,
  );
});
