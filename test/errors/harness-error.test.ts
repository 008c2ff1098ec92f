import test, { type ExecutionContext } from 'ava';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as errors from '../../src/errors/index.js';
import * as conformanceErrors from '../../conformance/errors/conformance-errors.js';
import { retryAfterHeader } from '../../src/errors/harness-error.js';
import { createHarness } from '../../src/harness/create-harness.js';

type ErrorsModule = typeof errors;
type ErrorClass = (abstract new (
  ...args: never[]
) => errors.HarnessError) & {
  readonly code?: string;
  readonly httpStatus: number;
  readonly retryAfterSeconds: number | undefined;
};

const ERRORS_DIR = fileURLToPath(new URL('../../src/errors/', import.meta.url));
/** The classes that name a family (or carry a code they are given) rather than a code of their own. */
const WITHOUT_OWN_CODE = new Set([
  'HarnessError',
  'CollectionApiError',
  'AdminRequestError',
  'StoreError',
  'AdminApiError',
]);

/** Another copy of src/errors, loaded from a folder of its own: what a second copy of the package in node_modules is. */
async function loadCopy(t: ExecutionContext): Promise<ErrorsModule> {
  const dir = await mkdtemp(path.join(tmpdir(), 'event-harness-errors-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(ERRORS_DIR, dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }');
  return (await import(pathToFileURL(path.join(dir, 'index.ts')).href)) as ErrorsModule;
}

function errorClasses(): [string, ErrorClass][] {
  const exported: [string, unknown][] = [...Object.entries(errors), ...Object.entries(conformanceErrors)];
  return exported.filter(
    (entry): entry is [string, ErrorClass] => typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
  );
}

test('every error class states a code of its own (UPPER_SNAKE, unique) and a status; families state only a status', (t) => {
  const classes = errorClasses();
  t.true(classes.length > 60);
  const codes = new Map<string, string>();
  for (const [name, cls] of classes) {
    t.is(cls.name, name);
    t.true(Number.isInteger(cls.httpStatus) && cls.httpStatus >= 400 && cls.httpStatus <= 599, name);
    if (!Object.hasOwn(cls, 'code')) {
      t.true(WITHOUT_OWN_CODE.has(name), `${name} declares no code of its own`);
      continue;
    }
    const code = cls.code ?? '';
    t.regex(code, /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/, name);
    t.false(code.startsWith('ERR_'), name);
    t.is(codes.get(code), undefined, `${code} is the code of ${codes.get(code)} and ${name}`);
    codes.set(code, name);
  }
  const withoutCode = classes.filter(([, cls]) => !Object.hasOwn(cls, 'code')).map(([name]) => name);
  t.deepEqual(withoutCode.sort(), [...WITHOUT_OWN_CODE].sort());
});

test('an instance carries its class code, status and Retry-After, and the brand, whatever its family', (t) => {
  const usage = new errors.UsageError('--port must be a number');
  t.like(usage, { name: 'UsageError', code: 'USAGE', httpStatus: 400, message: '--port must be a number' });
  t.false('retryAfterSeconds' in usage);
  t.deepEqual(retryAfterHeader(usage), {});
  const write = new errors.StoreWriteError('the commit failed');
  t.like(write, { code: 'STORE_WRITE', httpStatus: 503, retryAfterSeconds: 2 });
  t.deepEqual(retryAfterHeader(write), { 'retry-after': '2' });
  const limit = new errors.StoreConnectionLimitError(11, { maxConnections: 10, reserved: 3, inUse: 5 });
  t.like(limit, { code: 'STORE_CONNECTION_LIMIT', httpStatus: 503 });
  t.false('retryAfterSeconds' in limit);
  const remote = new errors.AdminApiError('GET /__harness/events', 418, undefined, undefined);
  t.like(remote, { code: 'HTTP_418', httpStatus: 418 });
  t.like(new errors.AdminApiError('GET /__harness/runs/r', 404, 'RUN_NOT_FOUND', 'no run'), {
    code: 'RUN_NOT_FOUND',
    httpStatus: 404,
  });
  const timeout = new conformanceErrors.ClauseTimeoutError('2.1 ran past 30 s');
  t.like(timeout, { code: 'CLAUSE_TIMEOUT', httpStatus: 504 });
  for (const error of [usage, write, limit, remote, timeout]) {
    t.true(errors.isHarnessError(error));
    t.is((error as unknown as Record<symbol, unknown>)[Symbol.for('event-harness.error')], true);
  }
  t.deepEqual(new errors.InvalidEventsError([{ pointer: '/batch/0', rule: 'required', message: 'm' }]).bodyFields, {
    errors: [{ pointer: '/batch/0', rule: 'required', message: 'm' }],
  });
  t.deepEqual(usage.bodyFields, {});
});

test('within one copy, instanceof tells each class from its siblings and its family from others', (t) => {
  const usage = new errors.UsageError('x');
  const write = new errors.StoreWriteError('x');
  t.true(usage instanceof errors.UsageError);
  t.true(usage instanceof errors.HarnessError);
  t.true(usage instanceof Error);
  t.false(usage instanceof errors.ConfigError);
  t.false(usage instanceof errors.StoreError);
  t.true(write instanceof errors.StoreError);
  t.false(write instanceof errors.StoreUnavailableError);
  t.false(write instanceof errors.CollectionApiError);
  t.true(new errors.InvalidJsonError('x') instanceof errors.CollectionApiError);
  t.true(new conformanceErrors.UnknownClauseError('x') instanceof errors.HarnessError);
  t.false(new conformanceErrors.UnknownClauseError('x') instanceof conformanceErrors.ClauseFailedError);
  for (const other of [new Error('x'), new TypeError('x'), { code: 'USAGE' }, null, undefined, 'USAGE', 42]) {
    t.false(other instanceof errors.HarnessError);
    t.false(other instanceof errors.UsageError);
    t.false(errors.isHarnessError(other));
  }
  // The brand alone does not make a value an instance of a class: only isHarnessError reads it alone.
  const forged = { [Symbol.for('event-harness.error')]: true };
  t.true(errors.isHarnessError(forged));
  t.false(forged instanceof errors.HarnessError);
});

test('isHarnessError and instanceof hold across two separately loaded copies of the errors', async (t) => {
  const [a, b] = await Promise.all([loadCopy(t), loadCopy(t)]);
  t.not(a.HarnessError, b.HarnessError);
  t.not(a.UsageError, errors.UsageError);
  const fromB = new b.UsageError('from the other copy');
  // What a plain prototype check answers across copies, and so what instanceof answered before the brand.
  t.false(Function.prototype[Symbol.hasInstance].call(a.HarnessError, fromB));
  for (const here of [a, errors]) {
    t.true(here.isHarnessError(fromB));
    t.true(fromB instanceof here.HarnessError);
    t.true(fromB instanceof here.UsageError);
    t.false(fromB instanceof here.ConfigError);
    t.false(fromB instanceof here.StoreError);
  }
  const writeFromA = new a.StoreWriteError('x');
  t.true(writeFromA instanceof b.StoreError);
  t.true(writeFromA instanceof errors.StoreWriteError);
  t.false(writeFromA instanceof b.StoreUnavailableError);
  t.true(b.isHarnessError(new errors.RunNotFoundError('r_1')));
  t.true(new errors.RunNotFoundError('r_1') instanceof b.AdminRequestError);
  t.false(new errors.RunNotFoundError('r_1') instanceof b.CollectionApiError);
  t.false(b.isHarnessError(new Error('x')));
});

test('the Hapi edge answers an error of another copy of the package with its status, code, fields and Retry-After', async (t) => {
  const other = await loadCopy(t);
  const harness = await createHarness({ listen: false });
  t.teardown(() => harness.stop());
  const thrown: Record<string, () => Error> = {
    store: () => new other.StoreWriteError('the commit failed'),
    events: () => new other.InvalidEventsError([{ pointer: '/batch/0/event', rule: 'required', message: 'no event' }]),
    run: () => new other.RunNotFoundError('r_1'),
  };
  await harness.server.register({
    name: 'foreign-errors',
    register: (server: { route(route: object): void }) =>
      server.route({
        method: 'GET',
        path: '/foreign/{kind}',
        handler: (request: { params: { kind: string } }) => {
          throw thrown[request.params.kind]?.() ?? new Error('unknown kind');
        },
      }),
  });
  const store = await harness.inject('/foreign/store');
  t.is(store.statusCode, 503);
  t.is(store.headers['retry-after'], '2');
  t.like(JSON.parse(store.payload), { success: false, code: 'STORE_WRITE' });
  const events = await harness.inject('/foreign/events');
  t.is(events.statusCode, 400);
  t.deepEqual(JSON.parse(events.payload).errors, [
    { pointer: '/batch/0/event', rule: 'required', message: 'no event' },
  ]);
  const run = await harness.inject('/foreign/run');
  t.is(run.statusCode, 404);
  t.is(JSON.parse(run.payload).code, 'RUN_NOT_FOUND');
  t.is(run.headers['retry-after'], undefined);
});
