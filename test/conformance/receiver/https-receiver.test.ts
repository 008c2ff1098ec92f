import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runReceiverSuite, TargetUnreachableError } from '../../../conformance/index.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { startReceiver } from '../../helpers/receiver.js';
import { testCertificates } from '../../helpers/tls.js';

test('an https receiver whose CA is given with ca passes; without the CA it is unreachable (exit 2 from the CLI)', async (t) => {
  const { ca, signed } = testCertificates();
  const receiver = await startReceiver(t, () => ({ status: 204 }), { tls: signed });
  const report = await runReceiverSuite({
    target: { url: receiver.url, ca: [ca.cert] },
    only: ['2.2.track', '2.2.unicode'],
    runs: 5,
    seed: 1,
  });
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['2.2.track', 'pass'],
      ['2.2.unicode', 'pass'],
    ],
  );
  t.true(receiver.tls.secureConnections > 10);
  const untrusted = await t.throwsAsync(runReceiverSuite({ target: { url: receiver.url } }), {
    instanceOf: TargetUnreachableError,
  });
  t.regex(
    untrusted.message,
    /the certificate of https:\/\/localhost:\d+\/hook does not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\).*--ca FILE/,
  );

  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-ca-'));
  await writeFile(path.join(dir, 'ca.pem'), ca.cert);
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await runCli(
    ['check', 'receiver', receiver.url, '--ca', 'ca.pem', '--only', '2.2.delete', '--runs', '3', '--seed', '2'],
    { stdout, stderr: new PassThrough(), env: {}, cwd: dir },
  );
  t.is(code, 0);
  t.regex(out, /^ok {3}MUST {3}2\.2\.delete/m);
});
