import type { Clause } from '../../framework/clause.js';
import type { ReceiverContext } from '../receiver-context.js';
import {
  deepPayload,
  nearLimitPayload,
  prototypeKeysIn,
  prototypeKeysPayload,
  spacedKeysPayload,
  unicodePayload,
} from '../receiver-payloads.js';
import { acceptanceClause } from './acceptance-clause.js';

const prototypeKeys = acceptanceClause({
  id: '2.2.prototype-keys',
  level: 'SHOULD',
  title: 'accepts free-form keys named __proto__, constructor and prototype',
  spec: 'rule 2.2 (properties and traits are free-form key/value pairs)',
  what: 'a delivery whose properties/traits hold a key named like a JavaScript prototype member',
  advice:
    'Keys of properties and traits are free-form (rule 2.2), and a 4xx drops the event for good (the service retries only timeouts and 5xx). Fastify answers 400 to "__proto__" and to "constructor" holding "prototype" by default (its secure-json-parse): set onProtoPoisoning and onConstructorPoisoning to "remove" so such a key is dropped and the event kept; elsewhere parse with JSON.parse (which keeps "__proto__" as a plain own key) and never merge a payload into an object with a recursive assign. SHOULD, not MUST: such keys are rare in real events and refusing them is a deliberate defence against prototype pollution, but the event is lost.',
  payloads: prototypeKeysPayload,
});

/** 2.2.prototype-keys with the keys of the refused body named in its message. */
const prototypeKeysClause: Clause<ReceiverContext> = {
  ...prototypeKeys,
  async run(context, env) {
    const outcome = await prototypeKeys.run(context, env);
    if (outcome.status !== 'fail') return outcome;
    const body = (outcome.counterexample as { body?: unknown } | undefined)?.body;
    const keys = typeof body === 'string' ? prototypeKeysIn(body) : [];
    if (keys.length === 0) return outcome;
    return {
      ...outcome,
      message: outcome.message.replace(
        'a delivery whose properties/traits hold a key named like a JavaScript prototype member',
        `a delivery whose properties/traits hold the key ${keys.join(' and ')}`,
      ),
    };
  },
};

export const hostileContentClauses: readonly Clause<ReceiverContext>[] = [
  acceptanceClause({
    id: '2.2.keys-with-spaces',
    level: 'MUST',
    title: 'accepts free-form keys with spaces',
    spec: 'rule 2.2 (group traits: keys may contain spaces)',
    what: 'a delivery whose properties/traits have a key with a space',
    advice:
      'Free-form objects may have keys such as "total billed" or "Plan Type"; do not use them unescaped as column names, identifiers or paths.',
    payloads: spacedKeysPayload,
  }),
  prototypeKeysClause,
  acceptanceClause({
    id: '2.2.unicode',
    level: 'MUST',
    title:
      'accepts any Unicode content (emoji, U+2028, NUL, bidi, lone surrogates) in every kind of delivery, delete and audience Identify included',
    spec: 'rule 2.2, 5.1 (UTF-8 bytes)',
    what: 'a delivery with non-ASCII or unusual characters',
    advice:
      'Bodies are UTF-8 JSON and strings may hold any character JSON can escape; decode the body as UTF-8 and store text in a Unicode-capable column (e.g. utf8mb4).',
    // Delete notifications and audience Identify calls too, with hostile user ids and audience names; a
    // receiver that refuses those kinds outright fails their own clauses, and this one leaves them out.
    payloads: (context) => unicodePayload({ delete: context.supports.delete, audiences: context.supports.audiences }),
  }),
  acceptanceClause({
    id: '2.2.deep-nesting',
    level: 'MUST',
    title: 'accepts deeply nested properties and traits',
    spec: 'rule 2.2 (free-form objects)',
    what: 'a delivery whose properties/traits nest 12 or more levels deep',
    advice:
      'Properties and traits are free-form JSON of any depth; raise or remove nesting limits in the body parser, flatteners and validators.',
    payloads: () => deepPayload(),
  }),
  acceptanceClause({
    id: '4.2.body-near-32kib',
    level: 'MUST',
    title: 'accepts bodies just under 32 KiB',
    spec: 'rule 4.2, 8 (single call up to 32 KB)',
    what: 'a delivery of 31,000 to 32,600 bytes',
    advice:
      'One event may be up to 32 KiB; set the body-size limit of the receiver (e.g. express.json({ limit })) to at least 64 KiB.',
    payloads: () => nearLimitPayload(),
    maxRuns: 25,
  }),
];
