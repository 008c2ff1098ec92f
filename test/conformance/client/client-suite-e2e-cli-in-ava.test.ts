// The client suite through an SDK's e2e CLI inside a real ava run, registered the way an SDK author would:
// clientSuite({ test, protocol: 'e2e-cli', target }) registers one ava test per clause of that protocol.
import test from 'ava';
import path from 'node:path';
import { clientSuite, clientSuiteDefinitionOf, e2eCliClauses } from '../../../conformance/index.js';
import { repoRoot, tsxLoader } from '../../helpers/spawn-cli.js';

clientSuite({
  test,
  protocol: 'e2e-cli',
  // Our client's e2e CLI from source, a real child process per run.
  target: {
    command: [process.execPath, '--import', tsxLoader, path.join(repoRoot, 'src/cli/main.ts'), 'e2e-cli'],
    cwd: repoRoot,
  },
  runs: 2,
  seed: 17,
  only: ['5.3.write-key', '2.3.required-fields', '4.3.flush', 'e2e-cli.result', 'e2e-cli.unknown-type'],
});

test('the e2e-cli protocol registers the clauses of the driver protocol and the three of the CLI itself', (t) => {
  const ids = clientSuiteDefinitionOf('e2e-cli').clauses.map((c) => c.id);
  t.deepEqual(
    ids,
    e2eCliClauses.map((c) => c.id),
  );
  t.deepEqual(ids.slice(-3), ['e2e-cli.result', 'e2e-cli.result.failure', 'e2e-cli.unknown-type']);
  t.is(new Set(ids).size, ids.length);
});
