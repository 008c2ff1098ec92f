/**
 * The brand of every event-harness error, under a key of the global symbol registry: two copies of the package
 * (a dependency of a dependency, a test runner's own import) build different classes but share this key, so a
 * check by brand holds where a check by prototype does not.
 */
const BRAND: unique symbol = Symbol.for('event-harness.error');

const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});

/** `instanceof` as the prototype chain answers it, without a class's own Symbol.hasInstance. */
function inPrototypeChain(target: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  return Function.prototype[Symbol.hasInstance].call(target, value);
}

/** The names of the event-harness classes an error of another copy of the package was built from, nearest first. */
function brandedClassNames(error: HarnessError): string[] {
  const names: string[] = [];
  for (let proto: unknown = Object.getPrototypeOf(error); isHarnessError(proto); proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, 'constructor')) names.push(proto.constructor.name);
  }
  return names;
}

/**
 * The one base class of every error event-harness throws, in undici's manner:
 * - `code` is stable across releases and unique to the class (UPPER_SNAKE, docs/errors.md lists every one), so
 *   callers branch on it instead of on messages;
 * - `httpStatus` is the status the mock answers when the error reaches its HTTP API (500 unless the family or the
 *   class says otherwise), and `retryAfterSeconds`, when set, its Retry-After;
 * - every instance carries the `Symbol.for('event-harness.error')` brand: `isHarnessError()` and `instanceof`
 *   hold across copies of the package.
 * A class states its code and status once, as statics (`RunNotFoundError.code`); the constructor copies them onto
 * the instance, where logs and `t.throws(..., { code })` see them.
 */
export abstract class HarnessError extends Error {
  /** The code of every instance of the class; each concrete class declares its own. */
  declare static readonly code: string;
  static readonly httpStatus: number = 500;
  static readonly retryAfterSeconds: number | undefined = undefined;

  readonly code: string;
  readonly httpStatus: number;
  /** Seconds a client is asked to wait before it sends the request again (the Retry-After header), when set. */
  declare readonly retryAfterSeconds?: number;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = new.target.code;
    this.httpStatus = new.target.httpStatus;
    const retryAfter = new.target.retryAfterSeconds;
    if (retryAfter !== undefined) this.retryAfterSeconds = retryAfter;
  }

  get [BRAND](): true {
    return true;
  }

  /**
   * What the API's error body carries beside `success`, `code` and `message` (`errors` for rule violations,
   * `unfinished` for a clock move past its budget): data for scripts, where the message is for people.
   */
  get bodyFields(): Readonly<Record<string, unknown>> {
    return NO_FIELDS;
  }
}

/**
 * `instanceof` of every event-harness error class, by brand as undici's errors answer it: an error of this copy of
 * the package by its prototype chain (so a subclass still tells its instances from its siblings', and a class of
 * the same name elsewhere is not taken for ours), an error of another copy by the names of its classes. Installed
 * as the base's own Symbol.hasInstance, which every subclass inherits; `this` is the class right of `instanceof`.
 */
function isInstanceOf(this: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  if (!isHarnessError(value)) return false;
  if (inPrototypeChain(HarnessError, value)) return inPrototypeChain(this, value);
  return brandedClassNames(value).includes(this.name);
}
Object.defineProperty(HarnessError, Symbol.hasInstance, { value: isInstanceOf });

/** Whether a value is an event-harness error, from this copy of the package or any other (by its brand). */
export function isHarnessError(value: unknown): value is HarnessError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/** The Retry-After header an error asks for (a 503 of the store, say), or none. */
export function retryAfterHeader(error: HarnessError): { 'retry-after'?: string } {
  const seconds = error.retryAfterSeconds;
  return seconds === undefined ? {} : { 'retry-after': String(seconds) };
}
