import { didYouMean } from '../../conformance/framework/did-you-mean.js';
import type { CliIo, CommandModule } from './command.js';
import { LIBRARY_VERSION } from '../actors/client/library-info.js';

interface CommandEntry {
  /** One line for the top-level help, kept here so `--help` loads no command module. */
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

// Commands are imported only when named, so `serve` never pays for the conformance suites (cold start).
const commands: Record<string, CommandEntry> = {
  serve: {
    summary: 'run the mock service: collection API, signed webhooks, admin API, inspector page',
    load: async () => (await import('./commands/serve-command.js')).serveCommand,
  },
  check: {
    summary: 'run a conformance suite against your webhook receiver or your SDK client',
    load: async () => (await import('./commands/check-command.js')).checkCommand,
  },
  send: {
    summary: 'deliver one signed webhook to your receiver and print the exchange',
    load: async () => (await import('./commands/send-command.js')).sendCommand,
  },
  trigger: {
    summary: 'send sample calls (track, identify, ..., batch, delete) to a running mock',
    load: async () => (await import('./commands/trigger-command.js')).triggerCommand,
  },
  driver: {
    summary: 'run a shipped client behind the JSON-lines driver protocol (for check client)',
    load: async () => (await import('./commands/driver-command.js')).driverCommand,
  },
  'e2e-cli': {
    summary: "run our client behind the e2e-cli contract of Segment's SDKs (--input '<JSON>')",
    load: async () => (await import('./commands/e2e-cli-command.js')).e2eCliCommand,
  },
  report: {
    summary: 'write a saved JSON suite report again as pretty, JUnit or Markdown',
    load: async () => (await import('./commands/report-command.js')).reportCommand,
  },
  mcp: {
    summary: 'a Model Context Protocol server on stdio over the mock, for coding agents',
    load: async () => (await import('./commands/mcp-command.js')).mcpCommand,
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    `event-harness ${LIBRARY_VERSION}: a mock event-collection service with a signed webhook destination, and conformance suites`,
    '',
    'usage: event-harness <command> [options]',
    '',
    'commands:',
    ...Object.entries(commands).map(([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`),
    '',
    'examples:',
    '  event-harness serve --port 4010 --clock fake                  the mock; open the printed URL for the inspector',
    '  event-harness trigger track --url http://127.0.0.1:4010       a sample call to it',
    '  event-harness send http://localhost:3000/hooks --secret S      one signed webhook to your receiver',
    '  event-harness check receiver http://localhost:3000/hooks --secret S',
    '  event-harness check client -- python3 my_driver.py',
    '',
    'Run `event-harness help <command>` (or `<command> --help`) for the options of one command;',
    '`event-harness --version` for the version.',
    'Docs: the docs/ folder of the package (node_modules/event-harness/docs/).',
  ].join('\n');
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    io.stdout.write(`${LIBRARY_VERSION}\n`);
    return 0;
  }
  // `help serve` is `serve --help` (`help check receiver` is `check receiver --help`), as git and npm read it.
  if (name === 'help' && rest.length > 0) return runCli([...rest, '--help'], io);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (entry === undefined) {
    const meant = didYouMean(name, Object.keys(commands));
    io.stderr.write(
      `event-harness: unknown command ${JSON.stringify(name)}; expected one of ${Object.keys(commands).join(', ')}${meant === undefined ? '' : `; did you mean ${meant}?`}\n\n${usage()}\n`,
    );
    return 2;
  }
  const command = await entry.load();
  return command.run(rest, io);
}
