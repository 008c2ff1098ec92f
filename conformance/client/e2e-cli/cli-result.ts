import type { CliResult } from './cli-run-record.js';

/** Candidate starts tried from the end of stdout: a pretty-printed result has a few dozen braces, not thousands. */
const MAX_ATTEMPTS = 2_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The last JSON object on stdout, whatever came before it (SDK or runtime warnings, logging) and however it is laid
 * out (one line, or pretty-printed over several as the Node CLI does): the longest JSON object that ends the text,
 * trailing whitespace aside. Undefined when stdout does not end with one.
 */
export function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  const text = stdout.trimEnd();
  if (!text.endsWith('}')) return undefined;
  let found: Record<string, unknown> | undefined;
  let attempts = 0;
  // From the last "{" backwards: a nested object ends the text only together with its enclosing one, so the
  // outermost parse that succeeds is the value; keep the earliest start that parses.
  for (let at = text.lastIndexOf('{'); at >= 0 && attempts < MAX_ATTEMPTS; at = text.lastIndexOf('{', at - 1)) {
    attempts++;
    try {
      const value: unknown = JSON.parse(text.slice(at));
      if (isObject(value)) found = value;
    } catch {
      // Not a value from here: an inner brace, or text before the JSON.
    }
    if (at === 0) break;
  }
  return found;
}

/** The CLI's result from its stdout, or why there is none: the contract's last JSON value with a boolean `success`. */
export function readCliResult(stdout: string): { result: CliResult } | { problem: string } {
  const value = lastJsonObject(stdout);
  const tail = JSON.stringify(stdout.trim().slice(-200));
  if (value === undefined)
    return {
      problem:
        stdout.trim() === '' ? 'nothing on stdout' : `stdout does not end with a JSON object; its end was ${tail}`,
    };
  if (typeof value.success !== 'boolean')
    return {
      problem: `the last JSON object on stdout has no boolean "success" (received ${JSON.stringify(value.success) ?? 'none'}); its end was ${tail}`,
    };
  return { result: value as CliResult };
}
