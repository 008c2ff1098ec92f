// A client that sends what analytics-python 2.3.4 sends (segment/analytics/client.py): "category": null and
// "name": null on a page or screen without them, userId and anonymousId both present (one null), properties, traits,
// context and integrations as {} when not given, the event's timestamp from isoformat(timespec="milliseconds") and
// the envelope's sentAt from isoformat() (6 fraction digits, "+00:00"), the write key in the body only. The real
// service accepts all of it; so must the suite's verdict: every clause, MUST and SHOULD, passes.
//
// As measured before: the mock journaled such pages as rejected ("/category must be of type string") and
// 4.3.delivered reported a false MUST failure without naming the rejection. The message now names any rejection
// with the journal's reason; the mock takes null in optional fields since issue 37 (schemas/, src/domain/collection).
// Before that change was merged, this test failed on 4.3.delivered alone, with the rejection named.
import test from 'ava';
import { clientClauses, runClientSuite } from '../../../conformance/index.js';
import { brokenDriver, OPS_ONLY } from './helpers/broken-clients.js';

test('a Python-style client (category: null, isoformat timestamps, the write key in the body) is judged conformant on every clause', async (t) => {
  t.timeout(120_000);
  const report = await runClientSuite({
    target: brokenDriver('python-style', { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` }),
    seed: 2_026,
    runs: 3,
  });
  t.deepEqual(
    report.clauses.map((c) => c.id),
    clientClauses.map((c) => c.id),
  );
  t.deepEqual(
    report.clauses.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.message ?? ''}`),
    [],
  );
  t.true(report.passed);
});
