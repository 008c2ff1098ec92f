import fc from 'fast-check';
import {
  audienceIdentifyPayload,
  webhookAliasPayload,
  webhookDeletePayload,
  webhookGroupPayload,
  webhookIdentifyPayload,
  webhookPagePayload,
  webhookPayload,
  webhookScreenPayload,
  webhookTrackPayload,
  type PayloadConstraints,
} from '../../src/arbitraries/index.js';

type Payload = Record<string, unknown>;

export type DeliveryKind =
  | 'page'
  | 'screen'
  | 'identify'
  | 'track'
  | 'alias'
  | 'group'
  | 'delete'
  | 'audience-identify';

/**
 * Plain content: printable ASCII, shallow, small, no whitespace in keys. Each kind of hostile content
 * (spaces in keys, Unicode, depth, size) has its own clause, so a receiver that chokes on one of them
 * fails that clause alone and the report says which.
 */
const PLAIN: PayloadConstraints = { unicode: 'ascii', maxDepth: 2, maxKeys: 4 };

/**
 * Keys some JSON parsers refuse by default as prototype pollution (Fastify's secure-json-parse answers 400 to
 * `__proto__`, and to `constructor` holding `prototype`): fast-check draws them among its "dangerous" strings, so
 * every clause but 2.2.prototype-keys leaves them out, and a receiver that refuses them fails that clause alone.
 */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Rewrites whitespace in object keys to `_`, and the prototype keys to `<key>_`, all the way down. */
export function withoutSpacedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpacedKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Payload = {};
  for (const [key, inner] of Object.entries(value))
    Object.defineProperty(out, PROTOTYPE_KEYS.includes(key) ? `${key}_` : key.replace(/\s/g, '_'), {
      value: withoutSpacedKeys(inner),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const tame = (arbitrary: fc.Arbitrary<Payload>) => arbitrary.map((p) => withoutSpacedKeys(p) as Payload);

const byKind = (constraints: PayloadConstraints): Record<DeliveryKind, fc.Arbitrary<Payload>> => ({
  page: webhookPagePayload(constraints),
  screen: webhookScreenPayload(constraints),
  identify: webhookIdentifyPayload(constraints),
  track: webhookTrackPayload(constraints),
  alias: webhookAliasPayload(constraints),
  group: webhookGroupPayload(constraints),
  delete: webhookDeletePayload(constraints.unicode !== undefined ? { unicode: constraints.unicode } : {}),
  'audience-identify':
    constraints.unicode === 'ascii'
      ? fc
          .constantFrom('High Value Users', 'Churn Risk (30d)', 'trial-ending')
          .chain((audience) => audienceIdentifyPayload({ audience, unicode: 'ascii' }))
      : audienceIdentifyPayload(constraints.unicode !== undefined ? { unicode: constraints.unicode } : {}),
});

// Built on first use, not at import: fast-check builds its URL character tables (page payloads use webUrl) on
// first use, over a second of CPU, which `check receiver --help` or a usage error need not pay.
let plainArbitraries: Record<DeliveryKind, fc.Arbitrary<Payload>> | undefined;
const plainByKind = () => (plainArbitraries ??= byKind(PLAIN));

/** Plain payloads of one kind. */
export function plainPayload(kind: DeliveryKind): fc.Arbitrary<Payload> {
  return tame(plainByKind()[kind]);
}

/** Plain payloads of the everyday kinds (track, identify, page): for clauses about something other than content. */
export function everydayPayload(): fc.Arbitrary<Payload> {
  return fc.oneof(plainPayload('track'), plainPayload('identify'), plainPayload('page'));
}

/** Plain payloads of every kind, delete and audience Identify included unless left out (as `unicodePayload`). */
export function anyPlainPayload(
  include: { readonly delete?: boolean; readonly audiences?: boolean } = {},
): fc.Arbitrary<Payload> {
  const byKindNow = plainByKind();
  const kinds = (Object.keys(byKindNow) as DeliveryKind[]).filter(
    (kind) =>
      !(kind === 'delete' && include.delete === false) &&
      !(kind === 'audience-identify' && include.audiences === false),
  );
  return fc.oneof(...kinds.map((kind) => tame(byKindNow[kind])));
}

const freeFormField = (payload: Payload): string =>
  payload.type === 'identify' || payload.type === 'group' ? 'traits' : 'properties';

/** Track, page, identify and group payloads whose free-form object has keys with spaces (rule 2.2: "keys may contain spaces"). */
export function spacedKeysPayload(): fc.Arbitrary<Payload> {
  const word = fc.stringMatching(/^[A-Za-z][a-z]{0,7}$/);
  const spacedKey = fc.oneof(
    fc.constantFrom('total billed', 'first name', 'Plan Type', 'Previous ID'),
    fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  );
  const base = fc.oneof(plainPayload('track'), plainPayload('identify'), plainPayload('group'), plainPayload('page'));
  return fc
    .tuple(base, spacedKey, fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()))
    .map(([payload, key, value]) => {
      const field = freeFormField(payload);
      const existing = payload[field];
      return {
        ...payload,
        [field]: { ...(existing !== null && typeof existing === 'object' ? existing : {}), [key]: value },
      };
    });
}

/** An own property, whatever its name (`__proto__` included: an assignment would set the prototype instead). */
function withKey(object: Payload, key: string, value: unknown): Payload {
  const copy: Payload = {};
  for (const [name, inner] of Object.entries(object))
    Object.defineProperty(copy, name, { value: inner, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Where a prototype key sits: its name, its value, and how deep in the free-form object. */
export interface PrototypeKeyCase {
  readonly key: string;
  readonly value: unknown;
  readonly nested: boolean;
}

/**
 * Track, page, identify and group payloads whose free-form object holds `__proto__`, `constructor` (with a
 * `prototype` inside, the shape Fastify refuses, or a plain value) or `prototype`, at the top or one level down.
 */
export function prototypeKeysPayload(): fc.Arbitrary<Payload> {
  const cases = fc.record({
    key: fc.constantFrom(...PROTOTYPE_KEYS),
    value: fc.oneof(
      fc.constant({ isAdmin: true }),
      fc.constant({ prototype: { isAdmin: true } }),
      fc.string({ maxLength: 8 }),
      fc.integer(),
    ),
    nested: fc.boolean(),
  });
  const base = fc.oneof(plainPayload('track'), plainPayload('identify'), plainPayload('group'), plainPayload('page'));
  return fc.tuple(base, cases).map(([payload, { key, value, nested }]) => {
    const field = freeFormField(payload);
    const existing = payload[field];
    const object = existing !== null && typeof existing === 'object' ? (existing as Payload) : {};
    const holder = nested ? { ...object, settings: withKey({}, key, value) } : withKey(object, key, value);
    return { ...payload, [field]: holder };
  });
}

/** The prototype keys a body holds, by name, for messages ("__proto__" under properties). */
export function prototypeKeysIn(body: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [i, inner] of value.entries()) visit(inner, `${path}[${i}]`);
    } else if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        const where = path === '' ? key : `${path}.${key}`;
        if (PROTOTYPE_KEYS.includes(key)) found.add(JSON.stringify(where));
        visit(inner, where);
      }
  };
  // JSON.parse keeps "__proto__" as an own property (unlike an object literal).
  visit(JSON.parse(body), '');
  return [...found];
}

const CALL_KINDS = ['track', 'identify', 'page', 'screen', 'group', 'alias'] as const;

/**
 * Every kind with hostile strings: emoji, U+2028, NUL, bidi overrides, lone surrogates, any script. Keys stay
 * free of whitespace. Delete notifications and audience Identify calls are included unless left out (a target
 * that declares it does not handle them).
 */
export function unicodePayload(
  include: { readonly delete?: boolean; readonly audiences?: boolean } = {},
): fc.Arbitrary<Payload> {
  const hostile = byKind({ unicode: 'hostile', maxDepth: 2, maxKeys: 4 });
  const kinds: DeliveryKind[] = [...CALL_KINDS];
  if (include.delete !== false) kinds.push('delete');
  if (include.audiences !== false) kinds.push('audience-identify');
  return fc.oneof(...kinds.map((kind) => tame(hostile[kind])));
}

/** Track and identify payloads whose free-form object nests `depth` levels (objects, arrays, or both). */
export function deepPayload(minDepth = 12, maxDepth = 40): fc.Arbitrary<Payload> {
  const nested = fc
    .tuple(fc.integer({ min: minDepth, max: maxDepth }), fc.constantFrom('objects', 'arrays', 'mixed'))
    .map(([depth, shape]) => {
      let value: unknown = { leaf: true };
      for (let level = depth; level > 0; level--) {
        const array = shape === 'arrays' || (shape === 'mixed' && level % 2 === 0);
        value = array ? [value] : { [`level${level}`]: value };
      }
      return value as Payload;
    });
  return fc
    .tuple(fc.oneof(plainPayload('track'), plainPayload('identify')), nested)
    .map(([payload, deep]) => ({ ...payload, [freeFormField(payload)]: { nested: deep } }));
}

/** Bodies just under the 32 KiB single-call limit (rule 4.2, 8), every kind that has a free-form field. */
export function nearLimitPayload(min = 31_000, max = 32_600): fc.Arbitrary<Payload> {
  return tame(webhookPayload({ ...PLAIN, targetBytes: { min, max } }));
}

/** Fields the documented payloads do not show, as the live service adds them over time. */
export function withUnknownFields(): fc.Arbitrary<Payload> {
  const knownNames = fc.constantFrom(
    'channel',
    'projectId',
    'receivedAt',
    'sentAt',
    'originalTimestamp',
    'writeKey',
    'request_id',
    'newFeature',
  );
  const name = fc.oneof(knownNames, fc.stringMatching(/^x_[a-z]{1,10}$/));
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), { maxKeys: 3 }),
  );
  return fc
    .tuple(
      everydayPayload(),
      fc.dictionary(name, value, { minKeys: 1, maxKeys: 4 }),
      fc.dictionary(name, value, { maxKeys: 2 }),
    )
    .map(([payload, extra, contextExtra]) => {
      const context =
        payload.context !== null && typeof payload.context === 'object' ? (payload.context as Payload) : {};
      return { ...extra, ...payload, context: { ...context, ...contextExtra } };
    });
}
