import { didYouMean } from '../../../conformance/framework/did-you-mean.js';
import type { CliIo, CommandModule } from '../command.js';

const HELP = `usage: event-harness check receiver URL [options]     test your webhook receiver (we play the service)
       event-harness check client [options] -- DRIVER...  test an SDK client (we play the collection API)

Run \`event-harness check receiver --help\` or \`event-harness check client --help\` for the options.`;

/** Each target of `check` is loaded only when named, so one suite never pays for the other's modules. */
const targets: Record<string, (args: readonly string[], io: CliIo) => Promise<number>> = {
  receiver: async (args, io) =>
    (await import('../../../conformance/receiver/receiver-check.js')).runReceiverCheck(args, io),
  client: async (args, io) => (await import('../../../conformance/client/client-check.js')).runClientCheck(args, io),
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const [target, ...rest] = args;
  if (target === '--help' || target === '-h') {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const runTarget = target !== undefined && Object.hasOwn(targets, target) ? targets[target] : undefined;
  if (runTarget === undefined) {
    const meant = target === undefined ? undefined : didYouMean(target, Object.keys(targets));
    io.stderr.write(
      target === undefined
        ? `event-harness check: expected receiver or client; received nothing\n\n${HELP}\n`
        : `event-harness check: expected receiver or client; received ${JSON.stringify(target)}${meant === undefined ? '' : `; did you mean check ${meant}?`}\nrun \`event-harness check --help\` for the usage\n`,
    );
    return 2;
  }
  return runTarget(rest, io);
}

export const summary = 'run a conformance suite against your webhook receiver or your SDK client';
export const checkCommand: CommandModule = { run, summary };
