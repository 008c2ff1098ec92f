// The client suite inside a real ava run, registered the way an SDK author would: one ava test per clause.
import test from 'ava';
import { clientClauses, clientSuite } from '../../../conformance/index.js';
import { referenceDriver } from './helpers/broken-clients.js';

clientSuite({ test, target: referenceDriver, runs: 2, seed: 21, only: ['5.3.write-key', '2.3.required-fields', '4.3.flush-at', '7.retry.5xx', '4.3.delivered'] });

test('the registration names one test per clause, as the report does', (t) => {
  t.deepEqual(clientClauses.filter((c) => c.id.startsWith('7.retry')).map((c) => c.id), ['7.retry.5xx', '7.retry.429', '7.retry-after']);
});
