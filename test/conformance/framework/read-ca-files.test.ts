import test from 'ava';
import { runCli } from '../../helpers/spawn-cli.js';

test('an unreadable --ca file is a usage error naming the command, the file and why, for send and check receiver', async (t) => {
  for (const args of [
    ['send', 'https://localhost:1/hook'],
    ['check', 'receiver', 'https://localhost:1/hook'],
  ]) {
    const result = await runCli([...args, '--ca', 'no-such-ca.pem']);
    t.is(result.code, 2, result.stderr);
    const command = args[0] === 'send' ? 'send' : 'check receiver';
    t.true(
      result.stderr.includes(`${command}: --ca "no-such-ca.pem" cannot be read (ENOENT); give a PEM certificate file`),
      result.stderr,
    );
  }
});
