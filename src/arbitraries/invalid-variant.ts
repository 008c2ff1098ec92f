import fc from 'fast-check';

/** A value that breaks one rule, with the violation a validator must report for it. */
export interface InvalidValue {
  readonly value: unknown;
  /** JSON pointer of the violation. */
  readonly pointer: string;
  /** The JSON Schema keyword broken (as SchemaViolation.rule). */
  readonly rule: string;
  /** What was done to the valid value, for messages. */
  readonly description: string;
}

export interface Mutation {
  readonly pointer: string;
  readonly rule: string;
  readonly description: string;
  apply(value: Record<string, unknown>): unknown;
}

/** Takes valid values and breaks each with one of `mutations`. */
export function invalidVariant(
  valid: fc.Arbitrary<Record<string, unknown>>,
  mutations: readonly Mutation[],
): fc.Arbitrary<InvalidValue> {
  if (mutations.length === 0) throw new RangeError('invalidVariant needs at least one mutation');
  return fc.tuple(valid, fc.constantFrom(...mutations)).map(([value, mutation]) => ({
    value: mutation.apply(structuredClone(value)),
    pointer: mutation.pointer,
    rule: mutation.rule,
    description: mutation.description,
  }));
}

/** Mutation helpers. */
export const without = (key: string, rule = 'required'): Mutation => ({
  pointer: `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
  rule,
  description: `${key} removed`,
  apply: (v) => {
    delete v[key];
    return v;
  },
});

export const withValue = (key: string, value: unknown, rule: string, pointer = `/${key}`): Mutation => ({
  pointer,
  rule,
  description: `${key} set to ${JSON.stringify(value)}`,
  apply: (v) => ({ ...v, [key]: value }),
});
