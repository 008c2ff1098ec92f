import fc from 'fast-check';

export const CALL_OPS = ['identify', 'track', 'page', 'screen', 'group', 'alias'] as const;
export type CallOp = (typeof CALL_OPS)[number];

type Scalar = string | number | boolean;

/**
 * One call as generated: what kind, which identity field, a little free-form data, an integrations map,
 * and optionally a size to pad the message to. The identity value is filled in when the call is made, with
 * a marker unique in the suite run, so every event the mock receives can be traced to its call.
 */
export interface CallSpec {
  readonly op: CallOp;
  readonly identity: 'userId' | 'anonymousId';
  readonly data: Readonly<Record<string, Scalar>>;
  readonly integrations?: Readonly<Record<string, boolean>>;
  /** Pad the message with a string so its JSON is about this many UTF-8 bytes (about 200 added by the client included). */
  readonly padTo?: number;
  /**
   * Pad the message with a string so its own JSON (as given to the client, before the client adds anything) is this
   * many UTF-8 bytes, to within one padding character: for sizes worked out from what the client adds.
   */
  readonly padMessageTo?: number;
  /** The character the padding repeats (default x); a multi-byte one makes bytes and characters differ. */
  readonly padChar?: string;
  /** Fields left out of the message, making it invalid (rule 2.3); the marker then also rides in context.eh_marker. */
  readonly omit?: readonly string[];
}

/** Padding characters of 1 to 4 UTF-8 bytes: a client that counts characters or UTF-16 units mis-measures the others. */
export const PAD_CHARS = ['x', 'é', '€', '😀'] as const;

/** A call as made: the message the driver got, the marker, and how the driver answered. */
export interface SentCall {
  readonly index: number;
  readonly op: CallOp;
  readonly marker: string;
  readonly message: Readonly<Record<string, unknown>>;
  readonly spec: CallSpec;
  /** undefined: accepted; a string: the driver's error; 'no answer' outcomes carry their own text. */
  readonly refused?: string;
}

// Prefixed, so no key lands on one the schemas type (page properties.url, traits.email, ...).
const key = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/).map((k) => `x_${k}`);
const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -1_000, max: 1_000 }),
  fc.boolean(),
);

/** Integrations maps of rule 2.4: destination names (case sensitive, with spaces) to booleans, All included. */
export function integrations(): fc.Arbitrary<Record<string, boolean>> {
  return fc.dictionary(fc.constantFrom('All', 'Webhooks', 'Google Analytics', 'Mixpanel', 'webhooks'), fc.boolean(), {
    minKeys: 1,
    maxKeys: 3,
  });
}

export interface CallConstraints {
  /** Screen only when the driver lists the capability. */
  readonly screen?: boolean;
  readonly integrations?: 'never' | 'sometimes' | 'always';
  readonly padTo?: fc.Arbitrary<number>;
  readonly ops?: readonly CallOp[];
}

/** Valid calls of rule 2.3 (each kind with what it requires), small and plain: content is not what this suite tests. */
export function callSpec(constraints: CallConstraints = {}): fc.Arbitrary<CallSpec> {
  const ops = (constraints.ops ?? CALL_OPS).filter((op) => op !== 'screen' || constraints.screen !== false);
  const mode = constraints.integrations ?? 'sometimes';
  const map =
    mode === 'never'
      ? fc.constant(undefined)
      : mode === 'always'
        ? integrations()
        : fc.option(integrations(), { nil: undefined, freq: 3 });
  return fc
    .record({
      op: fc.constantFrom(...ops),
      identity: fc.constantFrom('userId' as const, 'anonymousId' as const),
      data: fc.dictionary(key, scalar, { maxKeys: 3 }),
      integrations: map,
      padTo: constraints.padTo ?? fc.constant(undefined),
    })
    .map(({ op, identity, data, integrations: chosen, padTo }) => ({
      op,
      // Page and alias need a userId (rule 2.3).
      identity: op === 'page' || op === 'alias' ? 'userId' : identity,
      data,
      ...(chosen !== undefined ? { integrations: chosen } : {}),
      ...(padTo !== undefined ? { padTo } : {}),
    }));
}

const NAMES: Record<CallOp, string | undefined> = {
  identify: undefined,
  track: 'event',
  page: 'name',
  screen: 'name',
  group: 'groupId',
  alias: 'previousId',
};
const DATA_FIELD: Record<CallOp, string | undefined> = {
  identify: 'traits',
  track: 'properties',
  page: 'properties',
  screen: 'properties',
  group: 'traits',
  alias: undefined,
};

/** The message a call sends: the rule 2.3 fields of its kind with `marker` as its identity. */
export function messageOf(spec: CallSpec, marker: string, index: number): Record<string, unknown> {
  const message: Record<string, unknown> = { [spec.identity]: marker };
  const named = NAMES[spec.op];
  if (named === 'previousId') message.previousId = `${marker}-previous`;
  else if (named === 'groupId') message.groupId = `group-${index}`;
  else if (named !== undefined) message[named] = `Call ${index}`;
  // Alias has no free-form object (rule 2.3); a padded alias would pad its context.
  const field = DATA_FIELD[spec.op] ?? 'context';
  const data: Record<string, unknown> = spec.op === 'alias' ? {} : { ...spec.data };
  if (spec.integrations !== undefined) message.integrations = { ...spec.integrations };
  if (spec.padTo !== undefined || spec.padMessageTo !== undefined) {
    // A client adds type, messageId, timestamp and a little context: about 200 bytes.
    const target = spec.padMessageTo ?? (spec.padTo ?? 0) - 200;
    const unpadded = Buffer.byteLength(JSON.stringify({ ...message, [field]: { ...data, blob: '' } }));
    const char = spec.padChar ?? 'x';
    data.blob = char.repeat(Math.max(0, Math.floor((target - unpadded) / Buffer.byteLength(char))));
  }
  if (Object.keys(data).length > 0) message[field] = data;
  if (spec.omit !== undefined) {
    for (const name of spec.omit) delete message[name];
    // Without its identity the event is traced by this marker (clients pass context through).
    message.context = { ...(message.context as Record<string, unknown> | undefined), eh_marker: marker };
  }
  return message;
}

/** The message as a report shows it: a padding string is named by its length instead of printed. */
export function shownMessage(message: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message)) {
    if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).blob === 'string') {
      const { blob, ...rest } = value as Record<string, unknown>;
      const text = blob as string;
      const char = [...text][0] ?? 'x';
      shown[name] = {
        ...rest,
        blob: `<${[...text].length} ${JSON.stringify(char)} characters, ${Buffer.byteLength(text)} bytes>`,
      };
    } else shown[name] = value;
  }
  return shown;
}

/** The identity a received event carries: where the marker of its call is. */
export function markerOf(event: Readonly<Record<string, unknown>>): string | undefined {
  const context = event.context;
  const traced =
    context !== null &&
    typeof context === 'object' &&
    typeof (context as Record<string, unknown>).eh_marker === 'string'
      ? ((context as Record<string, unknown>).eh_marker as string)
      : undefined;
  if (traced !== undefined) return traced;
  // The same marker in properties or traits: an e2e CLI input carries it there too (some CLIs drop context).
  const data = event.properties ?? event.traits;
  if (data !== null && typeof data === 'object' && typeof (data as Record<string, unknown>).eh_marker === 'string')
    return (data as Record<string, unknown>).eh_marker as string;
  const id =
    typeof event.userId === 'string'
      ? event.userId
      : typeof event.anonymousId === 'string'
        ? event.anonymousId
        : undefined;
  return id;
}
