import { createClient } from '../actors/client/create-client.js';
import { createLineLogger } from '../actors/client/client-logger.js';
import type { Client } from '../actors/client/client.js';
import { MESSAGE_TYPES, type MessageType } from '../actors/client/message-input.js';
import { isObject } from '../contract/is-object.js';

/** The streams the e2e CLI writes to: one JSON result on stdout, log lines on stderr. */
export interface E2eCliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** The result line of the e2e-cli contract, with what our client can tell besides. */
interface E2eCliResult {
  success: boolean;
  /** Requests the client made, retries included (the contract leaves its meaning to each CLI). */
  sentBatches: number;
  delivered: number;
  failed: number;
  error?: string;
}

interface Sequence {
  readonly delayMs: number;
  readonly events: readonly Record<string, unknown>[];
}

interface CliInput {
  writeKey: string;
  apiHost: string;
  sequences: Sequence[];
  config: Record<string, unknown>;
}

/** The input, checked: what is wrong is named with what was received. */
function parseInput(json: string): CliInput {
  if (json === '') throw new TypeError("missing --input '<JSON>' (the e2e-cli contract's one argument)");
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    throw new TypeError(`--input is not JSON (${(error as Error).message})`);
  }
  if (!isObject(input)) throw new TypeError(`--input must be a JSON object; received ${json.slice(0, 80)}`);
  const { writeKey, apiHost, sequences, config } = input;
  if (typeof writeKey !== 'string' || writeKey === '')
    throw new TypeError(`writeKey must be a non-empty string; received ${JSON.stringify(writeKey) ?? 'nothing'}`);
  if (typeof apiHost !== 'string' || apiHost === '')
    throw new TypeError(
      `apiHost must be the collection API's base URL, e.g. http://127.0.0.1:4010; received ${JSON.stringify(apiHost) ?? 'nothing'}`,
    );
  if (!Array.isArray(sequences))
    throw new TypeError(
      `sequences must be a list of {"delayMs": N, "events": [...]}; received ${JSON.stringify(sequences) ?? 'nothing'}`,
    );
  const checked = sequences.map((sequence, index): Sequence => {
    if (!isObject(sequence) || !Array.isArray(sequence.events))
      throw new TypeError(
        `sequences[${index}] must be {"delayMs": N, "events": [...]}; received ${JSON.stringify(sequence)}`,
      );
    const delayMs = sequence.delayMs ?? 0;
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
      throw new TypeError(`sequences[${index}].delayMs must be a number >= 0; received ${JSON.stringify(delayMs)}`);
    return { delayMs, events: sequence.events.map((event) => (isObject(event) ? event : { type: event })) };
  });
  if (config !== undefined && !isObject(config))
    throw new TypeError(`config must be an object; received ${JSON.stringify(config)}`);
  return { writeKey, apiHost, sequences: checked, config: config ?? {} };
}

/** A whole number config field, or undefined when absent; anything else is named. */
function wholeConfig(config: Record<string, unknown>, name: string, min: number): number | undefined {
  const value = config[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new TypeError(`config.${name} must be a whole number >= ${min}; received ${JSON.stringify(value)}`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && (MESSAGE_TYPES as readonly string[]).includes(type);
}

/**
 * `event-harness e2e-cli --input '<JSON>'`: our client behind the e2e-cli contract of Segment's SDK repositories, so
 * a harness that speaks it can judge our client. The config's flushAt, flushInterval (milliseconds), maxRetries
 * (retries after the first attempt) and timeout (milliseconds of one request) are the client's flushAt, flushAfter,
 * retries and timeout. Each sequence waits its delayMs, then makes its calls; a call the client refuses (an invalid
 * one, one over 32 KiB) and an event of an unknown type are skipped and named in the result's error; then close
 * sends everything and waits for it. Prints one JSON result line; answers the exit code (0 success, 1 not).
 */
export async function runE2eCli(json: string, io: E2eCliIo): Promise<number> {
  const result: E2eCliResult = { success: false, sentBatches: 0, delivered: 0, failed: 0 };
  const errors: string[] = [];
  let client: Client | undefined;
  try {
    const input = parseInput(json);
    client = clientFor(input, io);
    await makeCalls(client, input.sequences, errors);
    const settled = await client.close();
    result.delivered = settled.delivered;
    result.failed = settled.failed.length;
    for (const failed of settled.failed) errors.push(`${failed.messageId}: ${failed.error.message}`);
    result.success = errors.length === 0;
  } catch (error) {
    errors.unshift((error as Error).message);
    await client?.close().catch(() => undefined);
  }
  result.sentBatches = client?.stats().requests ?? 0;
  if (errors.length > 0) {
    result.error = errors[0] ?? '';
    for (const line of errors) io.stderr.write(`e2e-cli: ${line}\n`);
  }
  io.stdout.write(`${JSON.stringify(result)}\n`);
  return result.success ? 0 : 1;
}

/** Our client, configured from the input's config knobs. */
function clientFor(input: CliInput, io: E2eCliIo): Client {
  const flushAt = wholeConfig(input.config, 'flushAt', 1);
  const flushInterval = wholeConfig(input.config, 'flushInterval', 1);
  const maxRetries = wholeConfig(input.config, 'maxRetries', 0);
  const timeout = wholeConfig(input.config, 'timeout', 1);
  return createClient(input.writeKey, {
    endpoint: input.apiHost,
    ...(flushAt !== undefined ? { flushAt } : {}),
    ...(flushInterval !== undefined ? { flushAfter: flushInterval } : {}),
    ...(maxRetries !== undefined ? { retries: maxRetries } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    // Its errors (a batch given up on) on stderr; its debug lines only with DEBUG=analytics, as always.
    logger: { debug() {}, error: createLineLogger((line) => io.stderr.write(line)).error },
  });
}

/** Each sequence waits its delayMs, then makes its calls; a skipped call is named in `errors`. */
async function makeCalls(client: Client, sequences: readonly Sequence[], errors: string[]): Promise<void> {
  let index = 0;
  for (const sequence of sequences) {
    if (sequence.delayMs > 0) await sleep(sequence.delayMs);
    for (const event of sequence.events) {
      const problem = makeCall(client, event);
      if (problem !== undefined) errors.push(`event ${index}${problem}`);
      index++;
    }
  }
}

/** One call; what went wrong (after the event's index), or undefined when the client took it. */
function makeCall(client: Client, event: Readonly<Record<string, unknown>>): string | undefined {
  const { type, ...message } = event;
  if (!isMessageType(type))
    return `: unknown type ${JSON.stringify(type)} (expected ${MESSAGE_TYPES.join(', ')}); skipped`;
  try {
    client[type](message as never);
    return undefined;
  } catch (error) {
    return ` (${type}): ${(error as Error).message}`;
  }
}
