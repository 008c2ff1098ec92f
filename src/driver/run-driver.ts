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

/** One request line as an object, or the error answer for a line that is not one. */
function parseRequest(line: string): { request: Record<string, unknown> } | { refusal: Answer } {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return {
      refusal: {
        id: null,
        ok: false,
        error: `the line is not JSON (${(error as Error).message}); send one JSON object per line`,
      },
    };
  }
  if (!isObject(request))
    return {
      refusal: {
        id: null,
        ok: false,
        error: `expected a JSON object like {"id": 1, "op": "track", "message": {...}}; received ${line.slice(0, 80)}`,
      },
    };
  return { request };
}

/** The client a driver session drives: created on first use, replaced by each init. */
class DriverSession {
  readonly #target: DriverTarget;
  readonly #env: DriverEnvironment;
  #client: DriverClient | undefined;

  constructor(target: DriverTarget, env: DriverEnvironment) {
    this.#target = target;
    this.#env = env;
  }

  async #current(): Promise<DriverClient> {
    this.#client ??= await this.#target.create({}, this.#env);
    return this.#client;
  }

  /** The answer to one line; a bad line, an unknown op or a client's error is an error answer, never a crash. */
  async handle(line: string): Promise<Answer> {
    const parsed = parseRequest(line);
    if ('refusal' in parsed) return parsed.refusal;
    const { request } = parsed;
    // The protocol's ids are whole numbers; anything else cannot be matched by the harness, so it is answered as null.
    const id = typeof request.id === 'number' && Number.isInteger(request.id) ? request.id : null;
    try {
      return await this.#perform(id, request);
    } catch (error) {
      return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async #perform(id: number | null, request: Record<string, unknown>): Promise<Answer> {
    const { op } = request;
    if (op === 'init') {
      const config = parseConfig(request.config);
      if (this.#client !== undefined) await this.#client.close();
      this.#client = undefined;
      this.#client = await this.#target.create(config, this.#env);
      return { id, ok: true };
    }
    if (isMessageOp(op)) {
      (await this.#current()).call(op, request.message);
      return { id, ok: true };
    }
    if (op === 'flush') return settledAnswer(id, await (await this.#current()).flush());
    if (op === 'close') return settledAnswer(id, await (await this.#current()).close());
    return {
      id,
      ok: false,
      error: `unknown op ${JSON.stringify(op)}; expected init, ${MESSAGE_TYPES.join(', ')}, flush or close`,
    };
  }

  /** Closes the current client, if any, at the end of the input. */
  async end(): Promise<void> {
    if (this.#client !== undefined) await this.#client.close().catch(() => undefined);
  }
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
  const session = new DriverSession(target, env);
  const hello: DriverHello = { ready: true, name: target.name, capabilities: [...target.capabilities] };
  write(hello);
  const lines = createInterface({ input: options.input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    write(await session.handle(line));
  }
  await session.end();
}
