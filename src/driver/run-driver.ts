import { createInterface } from 'node:readline';
import { MESSAGE_TYPES, type MessageType } from '../actors/client/message-input.js';
import type { DriverAnswer, DriverHello } from '../contract/index.js';
import { isObject } from '../contract/is-object.js';
import type { DriverClient, DriverConfig, DriverEnvironment, DriverSettled, DriverTarget } from './driver-client.js';

export interface RunDriverOptions {
  readonly target: DriverTarget;
  readonly env: DriverEnvironment;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/** An answer line (DriverAnswer of schemas/driver-protocol.schema.json): the request's id, or null when it had none. */
type Answer = DriverAnswer & ({ ok: true } | { ok: false; error: string });

/** The answer to a flush or close, with what the client settled when it can tell. */
function settledAnswer(id: number | null, settled: DriverSettled): Answer {
  return {
    id,
    ok: true,
    ...(settled.delivered !== undefined ? { delivered: settled.delivered } : {}),
    ...(settled.failed !== undefined ? { failed: [...settled.failed] } : {}),
  };
}

const CONFIG_KEYS = new Set(['flushAt', 'flushAfterMs', 'retries', 'timeout', 'maxQueueSize']);

function isMessageOp(op: unknown): op is MessageType {
  return typeof op === 'string' && (MESSAGE_TYPES as readonly string[]).includes(op);
}

/** The init config, checked here so a bad one is an error answer naming the field. */
function parseConfig(config: unknown): DriverConfig {
  if (config === undefined) return {};
  if (!isObject(config))
    throw new TypeError(
      `init: config must be an object like {"flushAt": 20, "flushAfterMs": 5000}; received ${JSON.stringify(config)}`,
    );
  for (const [key, value] of Object.entries(config)) {
    if (!CONFIG_KEYS.has(key))
      throw new TypeError(`init: unknown config field ${JSON.stringify(key)}; expected ${[...CONFIG_KEYS].join(', ')}`);
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= (key === 'retries' ? 0 : 1))) {
      throw new TypeError(
        `init: config.${key} must be a whole number${key === 'retries' ? ' >= 0' : ' >= 1'}; received ${JSON.stringify(value)}`,
      );
    }
  }
  return config as DriverConfig;
}

/**
 * The client driver protocol of the driver protocol, docs/client-suite.md (JSON lines over stdio): announces itself, then answers each line in
 * order. Lines are handled one at a time, so calls reach the client in the order they were written. A bad line
 * gets an error answer; nothing the harness sends can crash the driver. Resolves when the input ends (after
 * closing the current client).
 */
export async function runDriver(options: RunDriverOptions): Promise<void> {
  const { target, env, output } = options;
  const write = (line: DriverHello | Answer) => output.write(`${JSON.stringify(line)}\n`);
  let client: DriverClient | undefined;
  const current = async (): Promise<DriverClient> => (client ??= await target.create({}, env));

  async function handle(line: string): Promise<Answer> {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (error) {
      return {
        id: null,
        ok: false,
        error: `the line is not JSON (${(error as Error).message}); send one JSON object per line`,
      };
    }
    if (!isObject(request))
      return {
        id: null,
        ok: false,
        error: `expected a JSON object like {"id": 1, "op": "track", "message": {...}}; received ${line.slice(0, 80)}`,
      };
    // The protocol's ids are whole numbers; anything else cannot be matched by the harness, so it is answered as null.
    const id = typeof request.id === 'number' && Number.isInteger(request.id) ? request.id : null;
    const { op } = request;
    try {
      if (op === 'init') {
        const config = parseConfig(request.config);
        if (client !== undefined) await client.close();
        client = undefined;
        client = await target.create(config, env);
        return { id, ok: true };
      }
      if (isMessageOp(op)) {
        (await current()).call(op, request.message);
        return { id, ok: true };
      }
      if (op === 'flush') return settledAnswer(id, await (await current()).flush());
      if (op === 'close') return settledAnswer(id, await (await current()).close());
      return {
        id,
        ok: false,
        error: `unknown op ${JSON.stringify(op)}; expected init, ${MESSAGE_TYPES.join(', ')}, flush or close`,
      };
    } catch (error) {
      return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  const hello: DriverHello = { ready: true, name: target.name, capabilities: [...target.capabilities] };
  write(hello);
  const lines = createInterface({ input: options.input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    write(await handle(line));
  }
  if (client !== undefined) await client.close().catch(() => undefined);
}
