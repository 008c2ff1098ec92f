/**
 * The `--input` JSON of the e2e-cli contract of Segment's SDK repositories (each `e2e-cli/` CLI parses the same
 * shape): the write key, where to send, event sequences (each slept `delayMs` before, its events called in order)
 * and the SDK's config. docs/client-suite.md ("Run your SDK's own e2e CLI") says what each CLI does with it.
 */
export interface E2eCliInput {
  readonly writeKey: string;
  readonly apiHost: string;
  readonly cdnHost: string;
  readonly sequences: readonly E2eSequence[];
  readonly config: E2eCliConfig;
}

export interface E2eSequence {
  readonly delayMs: number;
  readonly events: readonly Readonly<Record<string, unknown>>[];
}

/** What the suite sets: the knobs the CLI honours (`--capabilities`), nothing else (retries and timeouts: the CLI's own). */
export interface E2eCliConfig {
  readonly flushAt?: number;
  readonly flushInterval?: number;
}

/**
 * Linux's MAX_ARG_STRLEN (32 pages, 131,072 bytes with the terminating NUL): one argv element longer than this fails
 * to spawn with E2BIG. Every draw of the suite stays under it; a run that would not is refused before the spawn.
 */
export const MAX_INPUT_BYTES = 131_071;

/**
 * Python's CLI reads a flushInterval of 100 or less as seconds (analytics-python `e2e-cli/src/cli.py`:
 * `if flush_interval > 100: flush_interval / 1000`); every other CLI that takes it reads milliseconds. The suite
 * never sends a value in that range.
 */
export const MIN_FLUSH_INTERVAL_MS = 101;

/** The six calls of the contract's `type`. */
const TYPES = new Set(['identify', 'track', 'page', 'screen', 'group', 'alias']);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A call of the suite (its op and its message in the wire names, which are the contract's) as an event of the
 * input. A marker riding in `context.eh_marker` (a call without its identity) also rides in `properties` or
 * `traits`: some CLIs drop `context` (analytics-go's), and a call sent without its identity must still be traced.
 */
export function inputEvent(op: string, message: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const event: Record<string, unknown> = { type: op, ...message };
  const context = message.context;
  const marker = isObject(context) && typeof context.eh_marker === 'string' ? context.eh_marker : undefined;
  if (marker !== undefined && TYPES.has(op) && op !== 'alias') {
    const field = op === 'identify' || op === 'group' ? 'traits' : 'properties';
    const data = isObject(message[field]) ? (message[field] as Record<string, unknown>) : {};
    event[field] = { ...data, eh_marker: marker };
  }
  return event;
}

/** The --input argument, checked against the argv limit: a draw over it is a bug of the suite, said so. */
export function inputArgument(input: E2eCliInput): { json: string; bytes: number } {
  // Non-ASCII stays raw UTF-8 (JSON.stringify escapes only controls and lone surrogates): escaped it would be 2-3x larger.
  const json = JSON.stringify(input);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_INPUT_BYTES)
    throw new RangeError(
      `the --input of this run is ${bytes} bytes, over the ${MAX_INPUT_BYTES} one argument can carry on Linux (MAX_ARG_STRLEN): a clause drew more than the e2e-cli contract can express`,
    );
  return { json, bytes };
}
