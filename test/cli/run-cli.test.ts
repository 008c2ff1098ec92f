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
  for (const command of ['serve', 'send', 'trigger', 'mcp', 'report']) {
    const help = await runCli([command, '--help']);
    t.is(help.code, 0, command);
    t.regex(help.stdout, new RegExp(`^usage: event-harness ${command}`), command);
    t.regex(help.stdout, /^examples:$/m, `${command} has examples`);
  }
});

test("help COMMAND prints that command's own help, as COMMAND --help does; help of an unknown command names it", async (t) => {
  for (const command of [
    ['serve'],
    ['send'],
    ['trigger'],
    ['driver'],
    ['mcp'],
    ['report'],
    ['check'],
    ['check', 'receiver'],
    ['check', 'client'],
  ]) {
    const [viaHelp, viaFlag] = await Promise.all([runCli(['help', ...command]), runCli([...command, '--help'])]);
    t.is(viaHelp.code, 0, command.join(' '));
    t.is(viaHelp.stdout, viaFlag.stdout, `help ${command.join(' ')}`);
    t.regex(viaHelp.stdout, new RegExp(`^usage: event-harness ${command.join(' ')}`), command.join(' '));
  }
  const unknown = await runCli(['help', 'launch']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /unknown command "launch"; expected one of serve, check, send, trigger, driver/);
});

test('every help screen fits 120 columns and names each option the command takes', async (t) => {
  const screens: [string[], string[]][] = [
    [['--help'], []],
    [
      ['serve', '--help'],
      ['--store', '--node-id', '--lease-ms', '--max-runs', '--import', '--quiet', '--log-format'],
    ],
    [['check', '--help'], []],
    [
      ['check', 'receiver', '--help'],
      ['--secret', '--header', '--concurrency', '--waive'],
    ],
    [
      ['check', 'client', '--help'],
      ['--server', '--concurrency', '--waive', '--ready-timeout-ms'],
    ],
    [
      ['send', '--help'],
      ['--secret', '--type', '--data', '--header', '--ca', '--timeout'],
    ],
    [
      ['trigger', '--help'],
      ['--url', '--write-key', '--count', '--user-id'],
    ],
    [['driver', '--help'], ['--client']],
    [
      ['mcp', '--help'],
      ['--server', '--run', '--allow-target'],
    ],
    [
      ['report', '--help'],
      ['--reporter', '--output', 'markdown'],
    ],
  ];
  const helps = await Promise.all(screens.map(([args]) => runCli(args)));
  for (const [i, [args, options]] of screens.entries()) {
    const help = helps[i];
    t.is(help?.code, 0, args.join(' '));
    const wide = (help?.stdout ?? '').split('\n').filter((line) => line.length > 120);
    t.deepEqual(wide, [], `${args.join(' ')}: no line wider than 120 columns`);
    for (const option of options) t.true(help?.stdout.includes(option), `${args.join(' ')} names ${option}`);
  }
});
