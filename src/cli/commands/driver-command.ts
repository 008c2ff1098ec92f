import type { CliIo, CommandModule } from '../command.js';
import { HarnessError } from '../../errors/harness-error.js';
import { UsageError } from '../../errors/config-errors.js';
import { runDriver } from '../../driver/run-driver.js';
import { SHIPPED_CLIENTS } from '../../driver/shipped-clients.js';
import { parseOptions } from '../parse-options.js';

const NAMES = Object.keys(SHIPPED_CLIENTS);
const WIDTH = Math.max(...NAMES.map((name) => name.length));
const HELP = `usage: event-harness driver [--client ${NAMES.join('|')}]

Runs a client behind the client driver protocol (JSON lines on stdin and stdout), so that
\`event-harness check client -- npx event-harness driver\` can test it. Reads EVENT_HARNESS_ENDPOINT (base URL
of the collection API) and EVENT_HARNESS_WRITE_KEY from the environment.
${Object.entries(SHIPPED_CLIENTS)
  .map(([name, client]) => `  --client ${name.padEnd(WIDTH)}  ${client.description}`)
  .join('\n')}`;

/**
 * Stdout carries only protocol lines, but SDKs log through console.log/info (rudder-sdk-node's logger):
 * those lines go to stderr, where the suite quotes them in failure messages.
 */
function consoleToStderr(): void {
  for (const method of ['log', 'info', 'debug'] as const)
    console[method] = (...args: unknown[]) => console.error(...args);
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values } = parseOptions('driver', args, {
      client: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help === true) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const name = values.client ?? 'reference';
    const client = Object.hasOwn(SHIPPED_CLIENTS, name) ? SHIPPED_CLIENTS[name] : undefined;
    if (client === undefined)
      throw new UsageError(`driver: --client must be one of ${NAMES.join(', ')}; received ${JSON.stringify(name)}`);
    const endpoint = io.env.EVENT_HARNESS_ENDPOINT;
    const writeKey = io.env.EVENT_HARNESS_WRITE_KEY;
    if (endpoint === undefined || endpoint === '')
      throw new UsageError(
        'driver: EVENT_HARNESS_ENDPOINT is not set; set it to the base URL of the collection API, e.g. http://127.0.0.1:8080',
      );
    if (writeKey === undefined || writeKey === '')
      throw new UsageError('driver: EVENT_HARNESS_WRITE_KEY is not set; set it to the source write key to send with');
    // Fails before the ready line, so a missing optional package is a usage error, not a silent driver.
    await client.load?.();
    consoleToStderr();
    await runDriver({ target: client.target, env: { endpoint, writeKey }, input: process.stdin, output: io.stdout });
    return 0;
  } catch (error) {
    if (error instanceof HarnessError) {
      io.stderr.write(`event-harness ${error.message}\n`);
      if (error instanceof UsageError && !error.message.includes('needs the package')) io.stderr.write(`\n${HELP}\n`);
      return 2;
    }
    throw error;
  }
}

export const summary = 'run a client behind the JSON-lines driver protocol on stdio (for check client)';
export const driverCommand: CommandModule = { run, summary };
