import test from 'ava';
import { formatReport, receiverClauses, runReceiverSuite } from '../../../conformance/index.js';
import { ksuidLike } from '../../../conformance/receiver/delivery-shapes.js';
import { brokenReceivers, TEST_TIMEOUT_MS } from '../helpers/broken-receivers.js';
import { SECRET, STATIC_HEADERS, startSuiteReceiver } from '../helpers/reference-receiver.js';

const KSUID = /^[0-9A-Za-z]{27}$/;

test('receivers meet both shapes in every clause: the documented one (version 1) and the one real deliveries have (version 2, projectId, writeKey, no sentAt, api- and personas_ KSUID ids)', async (t) => {
  const receiver = await startSuiteReceiver(t, { secret: SECRET, headers: STATIC_HEADERS });
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET, headers: STATIC_HEADERS },
    seed: 41,
    runs: 20,
    timeoutMs: TEST_TIMEOUT_MS,
    skip: ['2.2.observed-fields'],
  });
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'fail').map((c) => c.id),
    [],
  );
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  const observed = bodies.filter((b) => b.version === 2);
  const documented = bodies.filter((b) => b.version === 1);
  t.true(observed.length > 50, `${observed.length} deliveries of the observed shape, without its own clause`);
  t.true(documented.length > 50, `${documented.length} of the documented shape`);
  t.true(observed.every((b) => typeof b.projectId === 'string' && typeof b.writeKey === 'string'));
  t.true(
    observed.some((b) => !('sentAt' in b)),
    'some without sentAt',
  );
  t.true(
    observed.some((b) => b.sentAt === null),
    'some with sentAt: null',
  );
  t.true(observed.some((b) => !('originalTimestamp' in b)));
  const ids = observed.map((b) => String(b.messageId));
  t.true(ids.every((id) => /^(api-|personas_)/.test(id) && KSUID.test(id.replace(/^(api-|personas_)/, ''))));
  t.true(
    ids.some((id) => id.startsWith('personas_')),
    'audience Identify calls get personas_ ids',
  );
  // The same id twice only for the same event sent again (a redelivery, a replayed signature, signature forensics).
  const byId = new Map<string, Set<string>>();
  for (const b of observed)
    byId.set(
      String(b.messageId),
      (byId.get(String(b.messageId)) ?? new Set()).add(`${String(b.type)} ${String(b.timestamp)}`),
    );
  t.true(
    [...byId.values()].every((events) => events.size === 1),
    'never one id for two events',
  );
  // The documented shape keeps the suite's own ids; delete notifications have neither version nor messageId.
  t.true(documented.every((b) => typeof b.messageId === 'string' && /^eh-(41-|preflight)/.test(String(b.messageId))));
  t.true(bodies.filter((b) => b.type === 'delete').every((b) => !('version' in b)));
});

test('ksuidLike: 27 base62 characters, the same for the same seed', (t) => {
  t.regex(ksuidLike('a'), KSUID);
  t.is(ksuidLike('a'), ksuidLike('a'));
  t.not(ksuidLike('a'), ksuidLike('b'));
});

test('a receiver that refuses delete notifications is still judged on Unicode (2.2.unicode leaves delete out and runs), and the summary suggests no waiver for it', async (t) => {
  const broken = brokenReceivers['refuses delete']!;
  const receiver = await startSuiteReceiver(t, { secret: SECRET, steps: broken.steps });
  const report = await runReceiverSuite({
    target: { url: receiver.url, secret: SECRET },
    seed: 12,
    runs: 8,
    timeoutMs: TEST_TIMEOUT_MS,
    waive: ['2.1.static-headers.required'],
  });
  const unicode = report.clauses.find((c) => c.id === '2.2.unicode');
  t.is(unicode?.status, 'pass');
  t.deepEqual(
    report.clauses.filter((c) => c.status === 'fail').map((c) => c.id),
    ['2.2.delete'],
  );
  const pretty = formatReport(report, 'pretty');
  t.notRegex(pretty, /--waive 2\.2\.unicode/);
  t.is(receiverClauses.find((c) => c.id === '2.2.unicode')?.requires?.includes('2.2.delete'), false);
});
