// The client suite inside a real ava run, registered the way an SDK author would: one ava test per clause.
import test from 'ava';
import { clientClauses, clientSuite } from '../../../conformance/index.js';
import { referenceDriver } from './helpers/broken-clients.js';

clientSuite({
  test,
  target: referenceDriver,
  runs: 2,
  seed: 21,
  only: ['5.3.write-key', '2.3.required-fields', '4.3.flush-at', '7.retry.5xx', '4.3.delivered'],
});

test('clause ids are unique and each names the SPEC or DESIGN section it checks', (t) => {
  t.is(new Set(clientClauses.map((c) => c.id)).size, clientClauses.length);
  for (const clause of clientClauses) t.regex(clause.spec, /^(rule \d|docs\/)/, clause.id);
});
