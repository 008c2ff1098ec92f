import type { ClauseResult } from '../framework/suite-report.js';

// Characters a terminal shows as nothing or garbles: controls, format characters (bidi, zero-width),
// line/paragraph separators, lone surrogates, non-characters.
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Shows invisible characters as \u{XXXX}, so a person sees what the body held (the JSON report keeps the exact text). */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u{${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
}

/** Longest text a shortened counterexample shows of one string (a body, a padding field); the JSON report has it all. */
export const SHOWN_CHARS = 600;

function shortenText(text: string): string {
  if (text.length <= SHOWN_CHARS) return text;
  const head = text.slice(0, SHOWN_CHARS / 2);
  const tail = text.slice(-SHOWN_CHARS / 4);
  return `${head}... <${text.length - head.length - tail.length} characters left out; the JSON report and the replay command have the whole value> ...${tail}`;
}

/** Every string in a JSON value cut to SHOWN_CHARS. */
function shortenValue(value: unknown): unknown {
  if (typeof value === 'string') return shortenText(value);
  if (Array.isArray(value)) return value.map(shortenValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortenValue(v)]));
  return value;
}

export interface DescribeOptions {
  /** Cut long strings (bodies near 32 KiB) for people; the JSON report keeps them whole. */
  readonly shorten?: boolean;
}

/** The counterexample as people read it: a request line with headers and body when it has that shape, else JSON. */
export function describeCounterexample(counterexample: unknown, options: DescribeOptions = {}): string {
  if (options.shorten === true) counterexample = shortenValue(counterexample);
  if (counterexample === null || typeof counterexample !== 'object') return JSON.stringify(counterexample);
  const c = counterexample as { method?: unknown; url?: unknown; headers?: unknown; body?: unknown; answer?: unknown };
  if (typeof c.body !== 'string' || typeof c.headers !== 'object' || c.headers === null)
    return JSON.stringify(counterexample, null, 2);
  const lines = [`${String(c.method ?? 'POST')} ${String(c.url ?? '')}`.trimEnd()];
  for (const [key, value] of Object.entries(c.headers as Record<string, unknown>))
    lines.push(`${key}: ${String(value)}`);
  const shown = showInvisible(c.body);
  lines.push(
    '',
    shown === c.body
      ? shown
      : `${shown}\n(invisible characters shown as \\u{XXXX}; the JSON report has the exact body)`,
  );
  if (c.answer !== undefined) lines.push('', `answer: ${String(c.answer)}`);
  return lines.join('\n');
}

/** Message, counterexample and replay command of a failed clause, as one block of text. */
export function failureDetails(result: ClauseResult, options: DescribeOptions = {}): string {
  const parts = [result.message ?? ''];
  if (result.counterexample !== undefined)
    parts.push(`counterexample:\n${describeCounterexample(result.counterexample, options)}`);
  if (result.replay !== undefined) parts.push(`replay: ${result.replay}`);
  return parts.join('\n\n');
}
