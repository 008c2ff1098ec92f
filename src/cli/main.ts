#!/usr/bin/env node
import type { CliIo, CommandModule } from './command.js';

// Commands are imported only when named, so `serve` never pays for the conformance suites (cold start).
const commands: Record<string, () => Promise<CommandModule>> = {};

function usage(): string {
  return [
    'usage: event-harness <command> [options]',
    '',
    'commands:',
    ...Object.keys(commands).map((name) => `  ${name}`),
    '',
    'Run `event-harness <command> --help` for the options of one command.',
  ].join('\n');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (load === undefined) {
    io.stderr.write(`event-harness: unknown command ${JSON.stringify(name)}; expected one of ${Object.keys(commands).join(', ')}\n\n${usage()}\n`);
    return 2;
  }
  const command = await load();
  return command.run(rest, io);
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntryPoint) {
  main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`event-harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
