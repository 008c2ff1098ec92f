import type { CliIo, CommandModule } from '../command.js';
import { HarnessError } from '../../errors/harness-error.js';
import { runE2eCli } from '../../driver/run-e2e-cli.js';
import { parseOptions } from '../parse-options.js';

const HELP = `usage: event-harness e2e-cli --input '<JSON>'

Our client (event-harness/client) behind the e2e-cli contract of Segment's SDK repositories, so a harness that
speaks it (\`event-harness check client --protocol e2e-cli -- node_modules/.bin/event-harness e2e-cli\`) can judge it:

  {"writeKey": "...", "apiHost": "http://127.0.0.1:4010", "sequences": [{"delayMs": 0, "events": [
    {"type": "track", "userId": "u1", "event": "Signed Up", "properties": {"plan": "pro"}}]}],
   "config": {"flushAt": 20, "flushInterval": 5000, "maxRetries": 10, "timeout": 10000}}

Each sequence waits delayMs, then makes its calls (identify, track, page, screen, group, alias, with the wire's
field names); then the client is closed, sending everything and waiting for it. config: flushAt, flushInterval
(milliseconds), maxRetries (retries after the first attempt), timeout (milliseconds of one request); each optional.
Prints one JSON line on stdout, {"success", "sentBatches" (requests made, retries included), "delivered", "failed",
"error"?}, logs on stderr, and exits 0 when every call was delivered, 1 otherwise (a call refused, an event of an
unknown type, a batch given up on, bad input).`;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values } = parseOptions('e2e-cli', args, {
      input: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help === true) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    // The contract's missing input is a result too (success: false), so a harness reads why.
    return await runE2eCli(values.input ?? '', io);
  } catch (error) {
    if (error instanceof HarnessError) {
      io.stderr.write(`event-harness ${error.message}\n\n${HELP}\n`);
      return 2;
    }
    throw error;
  }
}

export const summary = "run our client behind the e2e-cli contract of Segment's SDKs (--input '<JSON>')";
export const e2eCliCommand: CommandModule = { run, summary };
