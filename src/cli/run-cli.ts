import type { CliIo, CommandModule } from './command.js';

// Commands are imported only when named, so `serve` never pays for the conformance suites (cold start).
const commands: Record<string, () => Promise<CommandModule>> = {
  serve: async () => (await import('./commands/serve-command.js')).serveCommand,
  check: async () => (await import('./commands/check-command.js')).checkCommand,
  driver: async () => (await import('./commands/driver-command.js')).driverCommand,
};

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

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
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

