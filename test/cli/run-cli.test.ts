import test from 'ava';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, runCli } from '../helpers/spawn-cli.js';

const version = (JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

test('--version prints the package version alone, exit 0', async (t) => {
  for (const flag of ['--version', '-v']) {
    const result = await runCli([flag]);
    t.is(result.code, 0);
    t.is(result.stdout, `${version}\n`);
  }
});

test('--help has a line per command with what it does, examples, and where the docs are', async (t) => {
  const help = await runCli(['--help']);
  t.is(help.code, 0);
  for (const command of ['serve', 'check', 'send', 'trigger', 'driver'])
    t.regex(help.stdout, new RegExp(`^  ${command} +\\S.{20,}$`, 'm'), `a described line for ${command}`);
  t.regex(help.stdout, /^examples:\n {2}event-harness serve/m);
  t.regex(help.stdout, /event-harness send http:\/\/localhost:3000\/hooks --secret S/);
  t.regex(help.stdout, new RegExp(`^event-harness ${version.replaceAll('.', '\\.')}: `));
  t.regex(help.stdout, /docs\//);
});

test('no command prints the usage on stderr and exits 2; an unknown one is named', async (t) => {
  const none = await runCli([]);
  t.is(none.code, 2);
  t.is(none.stdout, '');
  t.regex(none.stderr, /^usage: event-harness <command>/m);
  const unknown = await runCli(['launch']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /unknown command "launch"; expected one of serve, check, send, trigger, driver/);
});

test('every command has its own --help with examples', async (t) => {
  for (const command of ['serve', 'send', 'trigger']) {
    const help = await runCli([command, '--help']);
    t.is(help.code, 0, command);
    t.regex(help.stdout, new RegExp(`^usage: event-harness ${command}`), command);
    t.regex(help.stdout, /^examples:$/m, `${command} has examples`);
  }
});
