import { HarnessError } from '../errors/harness-error.js';
import type { CliIo } from './command.js';

/**
 * Runs a command's body; a HarnessError it throws (a usage error, an unreachable target) is written as one message
 * and a pointer to the command's --help, and answers exit code 2. Anything else is a bug and goes on up.
 */
export async function withUsageErrors(command: string, io: CliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof HarnessError) {
      io.stderr.write(`event-harness ${error.message}\n\nRun \`event-harness ${command} --help\` for every option.\n`);
      return 2;
    }
    throw error;
  }
}
