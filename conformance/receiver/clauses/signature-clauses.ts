import fc from 'fast-check';
import { signPayload } from '../../../src/index.js';
import { checkProperty } from '../../framework/check-property.js';
import type { Clause } from '../../framework/clause.js';
import type { Delivery, ReceiverContext } from '../receiver-context.js';
import { everydayPayload } from '../receiver-payloads.js';
import { describeReaction, isAccepted } from '../send-delivery.js';
import { refusalFailure } from './acceptance-clause.js';

const needsSecret = (context: ReceiverContext) => (context.target.secret === undefined ? 'no shared secret given (--secret): the signature clauses need the secret the receiver verifies with' : undefined);

export const validSignatureClause: Clause<ReceiverContext> = {
  id: '5.1.signature.valid',
  level: 'MUST',
  title: 'accepts deliveries with a valid X-Signature',
  spec: 'SPEC 5.1.1-5.1.3',
  requires: ['4.1.no-redirect'],
  skipReason: needsSecret,
  async run(context, env) {
    const result = await checkProperty(env, everydayPayload(), async (payload) => {
      const delivery = await context.deliver(context.bodyOf(payload, '5.1.signature.valid'));
      return isAccepted(delivery.outcome) ? undefined : delivery;
    });
    if (!result.failed) return { status: 'pass' };
    const advice = 'X-Signature is the lowercase hex HMAC-SHA1 of the exact body bytes, keyed with the shared secret (SPEC 5.1).';
    return { ...(await refusalFailure(context, result.failure, 'a delivery signed correctly', advice)), path: result.path };
  },
};

type Forgery = (context: ReceiverContext, body: string, pick: number) => { body: string; signature?: string };

/** A clause that forges deliveries one way and expects every one of them refused (any non-2xx). */
function refusalClause(id: string, title: string, spec: string, what: string, advice: string, forge: Forgery): Clause<ReceiverContext> {
  return {
    id,
    level: 'MUST',
    title,
    spec,
    requires: ['4.1.no-redirect', '5.1.signature.valid'],
    skipReason: needsSecret,
    async run(context, env) {
      const result = await checkProperty(env, fc.tuple(everydayPayload(), fc.nat({ max: 1_000 })), async ([payload, pick]) => {
        const forged = forge(context, context.bodyOf(payload, id), pick);
        const delivery: Delivery = await context.deliver(forged.body, { signature: forged.signature === undefined ? 'none' : { value: forged.signature } });
        return isAccepted(delivery.outcome) ? delivery : undefined;
      });
      if (!result.failed) return { status: 'pass' };
      return {
        status: 'fail',
        message: `The receiver ${describeReaction(result.failure.outcome)} to ${what}; expected a refusal (any non-2xx, e.g. 401). ${advice}`,
        counterexample: context.counterexample(result.failure),
        path: result.path,
      };
    },
  };
}

const TAMPERINGS: readonly ((payload: Record<string, unknown>, pick: number) => Record<string, unknown>)[] = [
  (p, pick) => ({ ...p, userId: `${String(p.userId ?? '')}${pick}` }),
  (p) => ({ ...p, type: p.type === 'track' ? 'identify' : 'track' }),
  (p, pick) => ({ ...p, injected: pick }),
  (p) => ({ ...p, timestamp: '2000-01-01T00:00:00.000Z' }),
];

export const tamperedSignatureClause = refusalClause(
  '5.1.signature.tampered',
  'refuses bodies changed after signing',
  'SPEC 5.1.3',
  'a body changed after it was signed (the X-Signature is of the original body)',
  'Verify X-Signature against the HMAC-SHA1 of the body as received, on every request, before acting on it.',
  (context, body, pick) => {
    const tamper = TAMPERINGS[pick % TAMPERINGS.length] ?? TAMPERINGS[0]!;
    const parsed = JSON.parse(body) as Record<string, unknown>;
    let tampered = JSON.stringify(tamper(parsed, pick));
    if (tampered === body) tampered = JSON.stringify({ ...parsed, injected: pick });
    return { body: tampered, signature: signPayload(context.target.secret ?? '', body) };
  },
);

export const wrongSignatureClause = refusalClause(
  '5.1.signature.wrong',
  'refuses signatures made with another secret',
  'SPEC 5.1.3',
  'a delivery signed with a different secret',
  'Compare the whole digest computed with your shared secret against the header; a well-formed hex value is not enough.',
  (context, body, pick) => ({ body, signature: signPayload(`${context.target.secret ?? ''}-not-${pick}`, body) }),
);

export const missingSignatureClause = refusalClause(
  '5.1.signature.missing',
  'refuses deliveries without X-Signature',
  'SPEC 5.1.1, 5.1.4',
  'a delivery without an X-Signature header',
  'With a shared secret configured, every genuine delivery is signed: treat a missing header as a failed check, not as "nothing to verify".',
  (_context, body) => ({ body }),
);
