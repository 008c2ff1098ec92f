import { z } from 'zod';
import { outgoingHeadersProblems } from '../contract/outgoing-headers.js';
import { MAX_STATIC_HEADERS } from '../contract/spec-limits.js';

// The pieces of the tools' input schemas. Each one refuses with "expected ..., received ..." and the SDK adds
// where (" at limit"), so an agent reads which argument was wrong, what it sent and what to send instead.

const SHOWN_CHARS = 80;

/** A received value as an error message shows it: JSON, cut short. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}...` : text;
}

const expecting = (what: string) => ({
  error: (issue: { input?: unknown }) => `expected ${what}, received ${shown(issue.input)}`,
});

/** A whole number within bounds. */
export function wholeNumber(min: number, max: number, description: string) {
  const what = `a whole number from ${min} to ${max}`;
  return z
    .number(expecting(what))
    .int(expecting(what))
    .min(min, expecting(what))
    .max(max, expecting(what))
    .describe(description);
}

/** Text of at least one character and at most `max`. */
export function text(description: string, max = 1_000) {
  const what = `text of 1 to ${max} characters`;
  return z.string(expecting(what)).min(1, expecting(what)).max(max, expecting(what)).describe(description);
}

/** One of a few words. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z.enum(values, expecting(`one of ${values.join(', ')}`)).describe(description);
}

export function flag(description: string) {
  return z.boolean(expecting('true or false')).describe(description);
}

/** A JSON object (a partial to match, fields to merge, a config). */
export function jsonObject(description: string) {
  return z.record(z.string(), z.unknown(), expecting('a JSON object')).describe(description);
}

/**
 * Static headers, as a destination entry adds them: at most 5, each by the one rule of headers the service sends
 * (contract/outgoing-headers), so a tool sends nothing a destination could not be configured with.
 */
export function staticHeaders(description: string) {
  return z
    .record(
      z.string(),
      z.string({ error: (issue) => `expected a header value as text, received ${shown(issue.input)}` }),
      expecting('an object of header names to values'),
    )
    .refine((headers) => Object.keys(headers).length <= MAX_STATIC_HEADERS, {
      error: `expected at most ${MAX_STATIC_HEADERS} static headers, as the service allows`,
    })
    .superRefine((headers, context) => {
      for (const problem of outgoingHeadersProblems(headers))
        context.addIssue({ code: 'custom', message: problem.message });
    })
    .describe(`${description} (at most ${MAX_STATIC_HEADERS})`);
}

/** A list of short texts. */
export function textList(description: string, maxItems = 50) {
  const what = `a list of at most ${maxItems} texts`;
  return z.array(text('one item'), expecting(what)).max(maxItems, expecting(what)).describe(description);
}

/** The arguments of one tool: unknown names are refused with the names the tool takes, not dropped. */
export function toolArguments<T extends z.ZodRawShape>(shape: T) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown argument ${(issue as { keys?: string[] }).keys?.map((key) => JSON.stringify(key)).join(', ') ?? ''}; this tool takes ${known.length > 0 ? known.join(', ') : 'no arguments'}`
        : `expected an object of arguments, received ${shown(issue.input)}`,
  });
}

/** The `run` argument every tool over one run takes. */
export const runArgument = text(
  'The run (tenant) to act on, as create_run or list_runs names it (e.g. "run_abc"); default: the run the server was started with (--run), else the default run',
  200,
).optional();

/** The arguments that were given: zod leaves an absent optional one as undefined, which the API calls do not take. */
export function given<T extends Record<string, unknown>>(args: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** A share in (0, 1]. */
export function fraction(description: string) {
  const what = 'a number greater than 0 and at most 1';
  return z.number(expecting(what)).gt(0, expecting(what)).max(1, expecting(what)).describe(description);
}
