import test from 'ava';
import { fc, testProp } from '@fast-check/ava';
import { clauseTitles, formatReport, receiverClauses, type SuiteReport } from '../../../conformance/index.js';
import { showInvisible } from '../../../conformance/reporters/failure-details.js';
import { progressLine } from '../../../conformance/reporters/progress-reporter.js';
import type { ClauseResult } from '../../../conformance/framework/suite-report.js';

const report: SuiteReport = {
  suite: 'receiver',
  seed: 12,
  passed: false,
  clauses: [
    { id: '4.1.no-redirect', level: 'MUST', status: 'pass' },
    {
      id: '2.2.unicode',
      level: 'MUST',
      status: 'fail',
      message: 'The receiver answered 500 <Internal> & "so on"',
      counterexample: {
        method: 'POST',
        url: 'http://127.0.0.1:1/h',
        headers: { 'X-Signature': 'ab' },
        body: '{"a":"\u0000\ud800\u202e"}',
        answer: '500',
      },
      replay: "event-harness check receiver http://127.0.0.1:1/h --seed 12 --only 2.2.unicode --path '0:1'",
    },
    { id: '7.redelivery.idempotent', level: 'SHOULD', status: 'fail', message: 'twice', counterexample: [1, 2] },
    { id: '5.1.signature.valid', level: 'MUST', status: 'skip', message: 'no shared secret given' },
  ],
  waived: [],
  notRun: [],
};
const titles = clauseTitles(receiverClauses);

test('json: exactly the report, parseable, no timestamps', (t) => {
  const text = formatReport(report, 'json');
  t.deepEqual(JSON.parse(text), report);
  t.true(text.endsWith('}\n'));
});

test('junit: one testcase per clause with failure/skipped, escaped, no characters XML cannot hold', (t) => {
  const xml = formatReport(report, 'junit', titles);
  t.is(xml.match(/<testcase /g)?.length, 4);
  t.regex(xml, /<testsuite name="receiver" tests="4" failures="2" skipped="1">/);
  t.regex(xml, /<property name="seed" value="12"\/>/);
  t.regex(xml, /classname="event-harness\.receiver\.MUST" name="2\.2\.unicode: accepts any Unicode content/);
  t.regex(
    xml,
    /<failure message="MUST 2\.2\.unicode: The receiver answered 500 &lt;Internal&gt; &amp; &quot;so on&quot;" type="MUST">/,
  );
  t.regex(xml, /<skipped message="no shared secret given"\/>/);
  t.regex(xml, /replay: event-harness check receiver/);
  t.notRegex(xml, /[\u0000\ud800]/);
  t.regex(xml, /\\u\{0000\}\\u\{D800\}/);
});

test('pretty: a line per clause, failures with message, request, answer and replay, then a summary', (t) => {
  const text = formatReport(report, 'pretty', titles);
  t.regex(text, /^event-harness receiver suite, seed 12$/m);
  t.regex(text, /^ok {3}MUST {3}4\.1\.no-redirect +never answers with a redirect/m);
  t.regex(text, /^FAIL MUST {3}2\.2\.unicode/m);
  t.regex(text, /POST http:\/\/127\.0\.0\.1:1\/h\n {7}X-Signature: ab/);
  t.regex(text, /\{"a":"\\u\{0000\}\\u\{D800\}\\u\{202E\}"\}\n {7}\(invisible characters shown/);
  t.regex(text, /answer: 500/);
  t.regex(text, /counterexample:\n {7}\[\n {7} {2}1,/);
  t.regex(text, /^skip MUST {3}5\.1\.signature\.valid/m);
  t.regex(text, /1 passed, 2 failed \(1 MUST, 1 SHOULD\), 1 skipped\nresult: a MUST clause failed/);
  t.regex(formatReport({ ...report, passed: true, clauses: [] }, 'pretty'), /result: every MUST clause holds/);
});

const notConformant: SuiteReport = {
  suite: 'client',
  seed: 3,
  passed: false,
  clauses: [
    { id: '5.3.write-key', level: 'MUST', status: 'pass' },
    { id: '7.retry.5xx', level: 'MUST', status: 'skip', message: 'left out with --skip' },
    {
      id: '7.backoff',
      level: 'SHOULD',
      status: 'skip',
      message: 'waived by name (--waive): not run, and accepted as not run',
      waived: true,
    },
  ],
  waived: ['7.backoff'],
  notRun: ['7.retry.5xx'],
};

test('every report lists the waivers and names the MUST clauses that did not run; JUnit counts those as failures', (t) => {
  const pretty = formatReport(notConformant, 'pretty');
  t.regex(pretty, /^waived \(not run, accepted by --waive\): 7\.backoff$/m);
  t.regex(
    pretty,
    /^MUST clauses that did not run: 7\.retry\.5xx \(each must run and pass, or be waived by name with --waive ID\)$/m,
  );
  t.regex(pretty, /^result: not conformant: a MUST clause did not run$/m);
  t.deepEqual(JSON.parse(formatReport(notConformant, 'json')).waived, ['7.backoff']);
  t.deepEqual(JSON.parse(formatReport(notConformant, 'json')).notRun, ['7.retry.5xx']);
  const xml = formatReport(notConformant, 'junit');
  t.regex(xml, /<testsuite name="client" tests="3" failures="1" skipped="1">/);
  t.regex(xml, /<failure message="MUST 7\.retry\.5xx did not run: left out with --skip" type="MUST not run">/);
  t.regex(xml, /<property name="waived" value="7\.backoff"\/>/);
  t.notRegex(formatReport({ ...notConformant, waived: [] }, 'pretty'), /^waived/m);
});

test('a clause about another kind of subject is marked not applicable in every report, not counted as skipped', (t) => {
  const classic: SuiteReport = {
    suite: 'receiver',
    seed: 5,
    passed: true,
    clauses: [
      { id: '2.2.track', level: 'MUST', status: 'pass' },
      {
        id: '2.2.actions-batch',
        level: 'MUST',
        status: 'skip',
        message: 'only Webhooks (Actions) batches (--destination actions); classic Webhooks never does',
        notApplicable: true,
      },
    ],
    waived: [],
    notRun: [],
  };
  const pretty = formatReport(classic, 'pretty', titles);
  t.regex(pretty, /^n\/a {2}MUST {3}2\.2\.actions-batch/m);
  t.notRegex(pretty, /^skip /m);
  t.regex(
    pretty,
    /^1 passed, 0 failed \(0 MUST, 0 SHOULD\), 0 skipped, 1 not applicable \(about another kind of subject\)$/m,
  );
  t.is(JSON.parse(formatReport(classic, 'json')).clauses[1].notApplicable, true);
  t.regex(formatReport(classic, 'junit'), /<skipped message="not applicable: only Webhooks \(Actions\) batches/);
  const line = progressLine(classic.clauses[1] as ClauseResult, { durationMs: 0, index: 1, total: 2, position: 1 });
  t.regex(line, /^\[2\/2\] n\/a {2}MUST {3}2\.2\.actions-batch \(0\.0 s\) {2}only Webhooks/);
});

test('pretty shortens a long counterexample; the JSON report keeps it whole', (t) => {
  const body = `{"blob":"${'x'.repeat(32_000)}"}`;
  const long: SuiteReport = {
    ...report,
    clauses: [
      {
        id: '4.2.body-near-32kib',
        level: 'MUST',
        status: 'fail',
        message: 'refused',
        counterexample: { method: 'POST', url: 'http://h/', headers: {}, body, answer: '413' },
      },
    ],
  };
  const pretty = formatReport(long, 'pretty');
  t.true(pretty.length < 3_000, `the pretty report is ${pretty.length} characters`);
  t.regex(pretty, /characters left out; the JSON report and the replay command have the whole value/);
  const json = JSON.parse(formatReport(long, 'json')) as { clauses: { counterexample?: { body?: string } }[] };
  t.is(json.clauses[0]?.counterexample?.body, body);
});

// Well-formed XML text: none of the characters XML 1.0 forbids survive, whatever the receiver sent back.
testProp(
  'junit text never carries characters XML 1.0 forbids',
  [fc.string({ unit: 'binary' })],
  (t, message) => {
    const xml = formatReport({ ...report, clauses: [{ id: 'x', level: 'MUST', status: 'fail', message }] }, 'junit');
    t.notRegex(
      xml,
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    t.is(showInvisible('plain text'), 'plain text');
  },
  { numRuns: 200 },
);
