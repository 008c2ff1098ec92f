import type { Clock } from '../../clock/clock.js';
import { createMonotonicClock } from '../../clock/monotonic-clock.js';
import { createSystemClock } from '../../clock/system-clock.js';
import { validate } from '../../contract/validators.js';
import { InvalidClientOptionsError } from '../../errors/client-errors.js';
import { createLineLogger, debugEnabled, silentLogger, type ClientLogger } from './client-logger.js';
import type { BackoffSettings } from './retry-policy.js';

/** Options of createClient (rule 2.5 plus what docs/decisions.md adds). Numbers are validated by schemas/client-options.schema.json. */
export interface CreateClientOptions {
  /** Base URL of the collection API, e.g. harness.url; the client POSTs to `{endpoint}/v1/batch`. Required: the rules show no default. */
  readonly endpoint: string;
  /** Messages queued before a flush (default 20); 1 sends every message on its own. Same setting as `size`. */
  readonly flushAt?: number;
  /** The Go client's name for flushAt. */
  readonly size?: number;
  /** Milliseconds since the last flush after which queued messages are flushed (default 5000). */
  readonly flushAfter?: number;
  /** Milliseconds one request may take, of real time (default 10000): moving a fake clock never cuts a request off. */
  readonly timeout?: number;
  /** Retries of a batch after its first attempt (default 10). */
  readonly retries?: number;
  /** Messages held (queued or in flight) before calls are refused with QueueFullError (default 10000). */
  readonly maxQueueSize?: number;
  /**
   * Time source for flushAfter, backoff and where a timeout lands (default: the system clock). Given a harness's
   * fake clock, the client's requests hold it as a delivery walk does (docs/rules.md, "Virtual time").
   */
  readonly clock?: Clock;
  /** Where log lines go; default: stderr when DEBUG=analytics, else nowhere. */
  readonly logger?: ClientLogger;
  /** Backoff before jitter (default 100 ms doubling up to 10 s). */
  readonly backoff?: Partial<BackoffSettings>;
  /** Random source for jitter in [0, 1) (default Math.random); a seeded one makes a run reproducible. */
  readonly random?: () => number;
  /** The environment DEBUG is read from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface ResolvedClientOptions {
  readonly writeKey: string;
  readonly batchUrl: URL;
  readonly flushAt: number;
  readonly flushAfter: number;
  readonly timeout: number;
  readonly retries: number;
  readonly maxQueueSize: number;
  readonly clock: Clock;
  /** Real time, which alone decides a request's timeout. */
  readonly realClock: Clock;
  readonly logger: ClientLogger;
  readonly backoff: BackoffSettings;
  readonly random: () => number;
}

const DEFAULTS = { flushAt: 20, flushAfter: 5000, timeout: 10_000, retries: 10, maxQueueSize: 10_000 } as const;

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** The write key: a string of 1 to 1024 characters. */
function checkedWriteKey(writeKey: unknown): string {
  if (typeof writeKey !== 'string' || writeKey.length === 0)
    throw new InvalidClientOptionsError(
      `the write key must be a non-empty string; received ${JSON.stringify(writeKey) ?? String(writeKey)}`,
    );
  if (writeKey.length > 1024)
    throw new InvalidClientOptionsError(`the write key is ${writeKey.length} characters; at most 1024 are accepted`);
  return writeKey;
}

/** The options the client-options schema describes (what a driver may set too). */
const WIRE_KEYS = ['endpoint', 'size', 'flushAt', 'flushAfter', 'timeout', 'retries', 'maxQueueSize'] as const;

/** Checks the options against the client-options schema, then what it cannot say; answers the endpoint. */
function checkedWireOptions(options: CreateClientOptions): string {
  const wire = Object.fromEntries(
    WIRE_KEYS.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]),
  );
  const checked = validate('client-options', wire);
  if (!checked.ok)
    throw new InvalidClientOptionsError(
      `invalid client options: ${checked.violations.map((v) => v.message).join('; ')}`,
      checked.violations,
    );
  if (options.endpoint === undefined)
    throw new InvalidClientOptionsError(
      'options.endpoint is required: the base URL of the collection API, e.g. createClient(writeKey, { endpoint: harness.url })',
    );
  if (options.size !== undefined && options.flushAt !== undefined && options.size !== options.flushAt)
    throw new InvalidClientOptionsError(
      `size and flushAt are one setting; received size ${options.size} and flushAt ${options.flushAt}. Give one of them`,
    );
  return options.endpoint;
}

function backoffOf(options: CreateClientOptions): BackoffSettings {
  const backoff = { minMs: options.backoff?.minMs ?? 100, maxMs: options.backoff?.maxMs ?? 10_000 };
  if (!(backoff.minMs >= 0 && backoff.maxMs >= backoff.minMs && Number.isFinite(backoff.maxMs)))
    throw new InvalidClientOptionsError(
      `backoff needs 0 <= minMs <= maxMs (finite); received ${JSON.stringify(options.backoff)}`,
    );
  return backoff;
}

/** Checks the write key and options and fills in the defaults; throws InvalidClientOptionsError naming what is wrong. */
export function resolveClientOptions(
  givenWriteKey: unknown,
  options: CreateClientOptions | undefined,
): ResolvedClientOptions {
  const writeKey = checkedWriteKey(givenWriteKey);
  if (options === null || typeof options !== 'object')
    throw new InvalidClientOptionsError(
      'createClient needs options with at least an endpoint, e.g. createClient(writeKey, { endpoint: harness.url })',
    );
  const base = new URL(checkedWireOptions(options));
  const batchUrl = new URL(`${base.pathname.replace(/\/+$/, '')}/v1/batch`, base);
  const backoff = backoffOf(options);
  const env = options.env ?? process.env;
  return {
    writeKey,
    batchUrl,
    flushAt: numberOrUndefined(options.flushAt) ?? numberOrUndefined(options.size) ?? DEFAULTS.flushAt,
    flushAfter: options.flushAfter ?? DEFAULTS.flushAfter,
    timeout: options.timeout ?? DEFAULTS.timeout,
    retries: options.retries ?? DEFAULTS.retries,
    maxQueueSize: options.maxQueueSize ?? DEFAULTS.maxQueueSize,
    clock: options.clock ?? createSystemClock(),
    realClock: createMonotonicClock(),
    logger: options.logger ?? (debugEnabled(env.DEBUG) ? createLineLogger() : silentLogger),
    backoff,
    random: options.random ?? Math.random,
  };
}
