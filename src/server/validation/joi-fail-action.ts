import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import Joi from 'joi';
import { clipReceived } from '../../errors/clip-received.js';
import { ClockOutOfRangeError } from '../../errors/clock-errors.js';
import type { HarnessError } from '../../errors/harness-error.js';
import { InvalidRequestError } from '../../errors/admin-errors.js';

type Source = 'query' | 'params' | 'payload';

/** Errors a field may be refused with instead of INVALID_REQUEST: `.meta({ refusal: 'CLOCK_OUT_OF_RANGE' })`. */
const REFUSALS: Readonly<Record<string, (message: string) => HarnessError>> = {
  CLOCK_OUT_OF_RANGE: (message) => new ClockOutOfRangeError(message),
};

/** Where a value sits, as messages name it: `/count`, `query limit`, `path parameter id`. */
function placeOf(source: Source, path: readonly (string | number)[]): string {
  if (source === 'payload') return path.length === 0 ? 'the body' : `/${path.join('/')}`;
  return `${source === 'query' ? 'query' : 'path parameter'} ${path.join('.')}`;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  return clipReceived(JSON.stringify(value) ?? String(value));
}

function schemaOf(request: Request, source: Source): Joi.Schema | undefined {
  const validate = request.route.settings.validate as Record<Source, unknown> | undefined;
  const schema = validate?.[source];
  return schema !== null && typeof schema === 'object' && 'describe' in schema ? (schema as Joi.Schema) : undefined;
}

function refusalOf(schema: Joi.Schema | undefined, path: readonly (string | number)[]): string | undefined {
  if (schema === undefined || path.length === 0) return undefined;
  try {
    const metas = (schema.extract(path.map(String)).describe() as { metas?: { refusal?: string }[] }).metas ?? [];
    return metas.find((meta) => typeof meta.refusal === 'string')?.refusal;
  } catch {
    return undefined;
  }
}

/** The names the object schema of a source takes, for "expected only ..." (the order of the schema). */
function knownKeys(schema: Joi.Schema | undefined): string[] {
  const keys = (schema?.describe() as { keys?: Record<string, unknown> } | undefined)?.keys;
  return keys === undefined ? [] : Object.keys(keys);
}

/**
 * The message of a joi refusal in the API's words: each place and what it takes, and what was received.
 * Every field's joi messages are the "must be ..." part; this adds the place and the value. Unknown names are
 * gathered into one sentence, so a misspelt filter is named rather than ignored.
 */
export function describeJoiError(
  error: Joi.ValidationError,
  source: Source,
  schema: Joi.Schema | undefined,
  raw?: unknown,
): { message: string; refusal: string | undefined } {
  const unknown = error.details
    .filter((detail) => detail.type === 'object.unknown')
    .map((detail) => detail.path.join('.'));
  if (unknown.length > 0) {
    const noun = source === 'query' ? 'query parameter' : source === 'params' ? 'path parameter' : 'field';
    const known = knownKeys(schema);
    return {
      message: `unknown ${noun}${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => JSON.stringify(key)).join(', ')}; expected only ${known.join(', ')}`,
      refusal: undefined,
    };
  }
  const detail = error.details[0];
  if (detail === undefined) return { message: error.message, refusal: undefined };
  // joi reports the value after conversion (-1 for "-1"): a query or path value is shown as it was sent.
  const sent =
    source !== 'payload' && raw !== null && typeof raw === 'object' && detail.path.length === 1
      ? (raw as Record<string, unknown>)[String(detail.path[0])]
      : undefined;
  const value = sent ?? detail.context?.value;
  const place = placeOf(source, detail.path);
  const refusal = refusalOf(schema, detail.path);
  // A repeated query parameter arrives as a list: say so rather than what the single value must be.
  if (source === 'query' && Array.isArray(value))
    return { message: `${place} must be given once; received ${show(value)}`, refusal };
  if (detail.context?.whole === true) return { message: detail.message, refusal };
  return { message: `${place} ${detail.message}; received ${show(value)}`, refusal };
}

/**
 * The `failAction` of every admin route: a joi refusal becomes the API's 400 (INVALID_REQUEST unless a field
 * names another). Hapi says which input failed in the Boom payload's `validation.source`.
 */
export function joiFailAction(request: Request, _h: ResponseToolkit, error?: Error): never {
  const joiError = error as
    | (Joi.ValidationError & { output?: { payload?: { validation?: { source?: string } } } })
    | undefined;
  const named = joiError?.output?.payload?.validation?.source;
  const source: Source = named === 'query' || named === 'params' ? named : 'payload';
  if (joiError?.details === undefined)
    throw new InvalidRequestError(
      `the request ${source} is not what the route takes (${error?.message ?? 'no detail'})`,
    );
  const { message, refusal } = describeJoiError(joiError, source, schemaOf(request, source), request[source]);
  const make = refusal !== undefined ? REFUSALS[refusal] : undefined;
  throw make !== undefined ? make(message) : new InvalidRequestError(message);
}

/** Route validation options: the given joi schemas, every refusal reported, and the API's error shape. */
export function validate(inputs: {
  readonly query?: Joi.Schema;
  readonly params?: Joi.Schema;
  readonly payload?: Joi.Schema;
}) {
  return { ...inputs, options: { abortEarly: false, errors: { wrap: { label: false } } }, failAction: joiFailAction };
}

/**
 * Makes joi the validator of a plugin's routes (its realm only). Each admin plugin calls it, so joi is loaded
 * with the admin routes, on the first /__harness request, and not by a harness that never makes one.
 */
export function withJoi(server: Server): void {
  server.validator(Joi);
}
