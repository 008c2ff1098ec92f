import test from 'ava';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import {
  assertValid,
  compiledValidator,
  describeReceived,
  schemaDocuments,
  schemaNames,
  toViolations,
  validate,
  validatorFor,
  type SchemaName,
} from '../../src/contract/index.js';

/** Every `examples` array anywhere in a schema, with the path where it stands. */
function examplesIn(
  node: unknown,
  path: string,
  out: { path: string; schema: Record<string, unknown>; example: unknown }[] = [],
) {
  if (node === null || typeof node !== 'object') return out;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.examples))
    for (const example of record.examples) out.push({ path, schema: record, example });
  for (const [key, child] of Object.entries(record)) if (key !== 'examples') examplesIn(child, `${path}/${key}`, out);
  return out;
}

test('every schema compiles under Ajv strict mode', (t) => {
  for (const name of schemaNames) t.is(typeof compiledValidator(name), 'function', name);
});

test('every top-level example validates against its schema', (t) => {
  let count = 0;
  for (const name of schemaNames) {
    for (const example of (schemaDocuments[name].examples as unknown[] | undefined) ?? []) {
      const result = validate(name, example);
      t.true(result.ok, `${name}: ${result.ok ? '' : result.violations.map((v) => v.message).join('; ')}`);
      count++;
    }
  }
  t.true(count >= 25, `${count} examples`);
});

test('nested examples anywhere in any schema (definitions, properties) validate against the sub-schema they sit in', (t) => {
  // A second strict Ajv over the same documents: each nested example is checked through a $ref to its own location.
  const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, discriminator: true });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  for (const name of schemaNames) ajv.addSchema(schemaDocuments[name] as object);
  let count = 0;
  for (const name of schemaNames) {
    const id = schemaDocuments[name].$id as string;
    for (const { path, example } of examplesIn(schemaDocuments[name], '')) {
      if (path === '') continue;
      const ok = ajv.validate({ $ref: `${id}#${path}` }, example);
      t.true(ok, `${name}#${path}: ${JSON.stringify(ajv.errors)}`);
      count++;
    }
  }
  t.true(count >= 2, `${count} nested examples`);
  const wrapped = examplesIn(schemaDocuments.common, '').filter((e) => e.path.endsWith('/Context'));
  t.true(
    wrapped.length >= 1 &&
      wrapped.every(({ example }) => validate('identify', { type: 'identify', userId: 'u', context: example }).ok),
  );
});

test('the documented samples are covered: group traits with a space, screen context, alias in both spellings', (t) => {
  const group = (schemaDocuments['webhook-group'].examples as Record<string, Record<string, unknown>>[])[0];
  t.true(Object.keys(group?.traits ?? {}).includes('total billed'));
  const screen = (schemaDocuments['webhook-screen'].examples as Record<string, Record<string, unknown>>[])[0];
  t.deepEqual(Object.keys(screen?.context ?? {}), ['device', 'os', 'app']);
  const alias = schemaDocuments['webhook-alias'].examples as Record<string, unknown>[];
  t.true(alias.some((e) => 'Previous ID' in e) && alias.some((e) => 'previousId' in e));
});

test('violations name the pointer, the rule and the value received', (t) => {
  const check = (name: SchemaName, value: unknown, pointer: string, rule: string, message: RegExp) => {
    const result = validate(name, value);
    t.false(result.ok);
    const found = result.ok ? undefined : result.violations.find((v) => v.pointer === pointer && v.rule === rule);
    t.truthy(found, `${name} ${pointer} ${rule}: ${JSON.stringify(result)}`);
    t.regex(found?.message ?? '', message);
  };
  check('track', { type: 'track', userId: 'u' }, '/event', 'required', /\/event is required; received nothing/);
  check(
    'track',
    { type: 'track', userId: 'u', event: 3 },
    '/event',
    'type',
    /\/event must be of type string; received number 3/,
  );
  check('track', { type: 'track' }, '/userId', 'anyOf', /needs userId or anonymousId/);
  check(
    'track',
    { type: 'page', userId: 'u', event: 'e' },
    '/type',
    'const',
    /must be "track"; received string "page"/,
  );
  check(
    'journal-entry',
    { status: 'lost', writeKey: 'k', event: {} },
    '/status',
    'enum',
    /must be one of "accepted", "rejected", "duplicate", "filtered"; received string "lost"/,
  );
  check(
    'webhook-delete',
    { type: 'delete', userId: 'u', timestamp: '2024-01-01T00:00:00.000Z', extra: true },
    '/extra',
    'additionalProperties',
    /\/extra is not an allowed property/,
  );
  check(
    'webhook-settings',
    { webhooks: [{ url: 'http://x.test', headers: { Host: 'evil' } }] },
    '/webhooks/0/headers/Host',
    'propertyNames',
    /the header "Host" may not be set: the service writes Host itself/,
  );
  check(
    'webhook-settings',
    { webhooks: [{ url: 'mailto:x' }] },
    '/webhooks/0/url',
    'pattern',
    /Full URL including the http or https protocol/,
  );
  check(
    'collection-message',
    { type: 7 },
    '/type',
    'discriminator',
    /must be one of identify, track, page, screen, group, alias; received number 7/,
  );
  check(
    'webhook-alias',
    { version: 1, type: 'alias', timestamp: '2024-01-01T00:00:00.000Z', userId: 'u' },
    '/previousId',
    'anyOf',
    /needs previousId or Previous ID or User ID/,
  );
  check('batch', { batch: 'x' }, '/batch', 'type', /must be of type array/);
  check(
    'track',
    { type: 'track', userId: 'u', event: 'e', timestamp: 'soon' },
    '/timestamp',
    'format',
    /must be a valid date-time; received string "soon"/,
  );
  check('deletion-request', { userIds: [], extra: 1 }, '/userIds', 'minItems', /must NOT have fewer than 1 items/);
  const ambiguous = validate('audience', { name: 'A', rule: { performed: 'x', trait: 'y' } });
  t.false(ambiguous.ok);
  t.true(!ambiguous.ok && ambiguous.violations.some((v) => v.rule === 'oneOf' || v.rule === 'additionalProperties'));
});

test('validatorFor, assertValid and unknown schema names', (t) => {
  const isTrack = validatorFor('track');
  t.true(isTrack({ type: 'track', anonymousId: 'a', event: 'e' }).ok);
  t.is(assertValid('track', { type: 'track', userId: 'u', event: 'e' }).event, 'e');
  const error = t.throws(() => assertValid('track', { type: 'track' }));
  t.is((error as { code?: string }).code, 'CONTRACT_VIOLATION');
  t.regex(error?.message ?? '', /does not match the track schema: .*needs userId or anonymousId.*\/event is required/);
  t.is((error as unknown as { violations: unknown[] }).violations.length, 2);
  t.throws(() => validate('nope' as SchemaName, {}), {
    code: 'UNKNOWN_SCHEMA',
    message: /no schema named "nope"; expected one of actions-webhook-settings, alias, /,
  });
  const many = validate('webhook-settings', { webhooks: Array.from({ length: 7 }, () => ({ url: 'x' })) });
  t.false(many.ok);
  const manyError = t.throws(() =>
    assertValid('webhook-settings', { webhooks: Array.from({ length: 7 }, () => ({ url: 'x' })) }),
  );
  t.regex(manyError?.message ?? '', /and \d+ more/);
});

test('describeReceived prints the kind and a short rendering', (t) => {
  t.is(describeReceived(undefined), 'nothing');
  t.is(describeReceived(null), 'null null');
  t.is(describeReceived([1]), 'array [1]');
  t.is(describeReceived('x'.repeat(100)), `string "${'x'.repeat(76)}...`);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  t.is(describeReceived(cyclic), 'object [object Object]');
  t.is(describeReceived(10n), 'bigint 10');
});

test('pointers escape ~ and / in keys; root violations read as /; discriminators with no tag are reported', (t) => {
  const extra = validate('webhook-delete', {
    type: 'delete',
    userId: 'u',
    timestamp: '2024-01-01T00:00:00.000Z',
    'a/b~c': 1,
  });
  t.deepEqual(extra.ok ? [] : extra.violations.map((v) => [v.pointer, v.rule, v.received]), [
    ['/a~1b~0c', 'additionalProperties', 1],
  ]);
  const root = validate('track', 5);
  t.deepEqual(root.ok ? [] : root.violations.map((v) => [v.pointer, v.rule, v.message]), [
    ['', 'type', '/ must be of type object; received number 5'],
  ]);
  const untagged = validate('webhook-payload', {});
  t.true(
    !untagged.ok &&
      untagged.violations.some(
        (v) => v.pointer === '/type' && v.rule === 'discriminator' && /received nothing/.test(v.message),
      ),
  );
  const header = validate('webhook-settings', {
    webhooks: [{ url: 'https://x.test', headers: { 'bad header': 'v' } }],
  });
  t.deepEqual(header.ok ? [] : header.violations.map((v) => [v.pointer, v.rule, v.received]), [
    ['/webhooks/0/headers/bad header', 'propertyNames', 'bad header'],
  ]);
});

test('toViolations: an anyOf of shapes lists each branch; a pattern without a description names the pattern', (t) => {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
  const shapes = ajv.compile({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  t.false(shapes(true));
  const violations = toViolations(shapes.errors ?? []);
  t.deepEqual(
    violations.map((v) => [v.pointer, v.rule]),
    [
      ['', 'anyOf'],
      ['', 'type'],
      ['', 'type'],
    ],
  );
  t.regex(violations[0]?.message ?? '', /^\/ must match one of its allowed shapes; received boolean true$/);
  const patterned = ajv.compile({ type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } });
  t.false(patterned({ id: 'A1' }));
  const [violation] = toViolations(patterned.errors ?? []);
  t.is(violation?.message, '/id must match the pattern ^[a-z]+$; received string "A1"');
  const other = ajv.compile({ type: 'array', uniqueItems: true });
  t.false(other([1, 1]));
  t.is(toViolations(other.errors ?? [])[0]?.rule, 'uniqueItems');
});
