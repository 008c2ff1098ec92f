import fc from 'fast-check';
import { signPayload } from '../../../src/index.js';
import type { Clause } from '../../framework/clause.js';
import type { Delivery, ReceiverContext } from '../receiver-context.js';
import { everydayPayload } from '../receiver-payloads.js';
import { describeReaction, isAccepted } from '../send-delivery.js';
import { refusalFailure, TIMEOUT_CLAUSE } from './acceptance-clause.js';

/** The item at `index` (wrapping), for the constant non-empty lists the clauses draw from. */
function pickOne<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error(`pickOne: index ${index} of an empty list`);
  return item;
}

const needsSecret = (context: ReceiverContext) =>
  context.target.secret === undefined
    ? 'no shared secret given (--secret): the signature clauses need the secret the receiver verifies with'
    : undefined;

export const validSignatureClause: Clause<ReceiverContext> = {
  id: '5.1.signature.valid',
  level: 'MUST',
  title: 'accepts deliveries with a valid X-Signature',
  spec: 'rule 5.1.1-5.1.3',
  requires: [TIMEOUT_CLAUSE, '4.1.no-redirect'],
  skipReason: needsSecret,
  async run(context, env) {
    // The documented shape only: this clause comes before the one about the shape real deliveries have, and a
    // receiver that refuses that shape fails there, not here.
    const result = await context.check(env, '5.1.signature.valid', everydayPayload(), async (payload) => {
      const delivery = await context.deliver(context.bodyOf(payload, '5.1.signature.valid'));
      return isAccepted(delivery.outcome) ? undefined : delivery;
    });
    if (!result.failed) {
      // Accepting signed deliveries shows nothing when forged ones are accepted too: then this clause is not shown.
      const probe = await context.deliver(
        context.bodyOf(
          { type: 'track', event: 'eh-probe', userId: 'eh-probe', properties: {} },
          '5.1.signature.valid-probe',
        ),
        { signature: { value: signPayload(`${context.target.secret ?? ''}-not`, 'x') } },
      );
      if (isAccepted(probe.outcome))
        return {
          status: 'skip',
          message: `not shown: the receiver accepted the validly signed deliveries, but it also ${describeReaction(probe.outcome)} to one signed with another secret, so accepting says nothing about verifying; see 5.1.signature.tampered`,
        };
      return { status: 'pass' };
    }
    const advice =
      'X-Signature is the lowercase hex HMAC-SHA1 of the exact body bytes, keyed with the shared secret (rule 5.1).';
    return {
      ...(await refusalFailure(context, result.failure, 'a delivery signed correctly', advice)),
      path: result.path,
    };
  },
};

type Forgery = (context: ReceiverContext, body: string, pick: number) => { body: string; signature?: string };

/**
 * When a forged delivery was accepted: are the other forgeries accepted too? Then one hint instead of three
 * generic messages: the receiver verifies nothing, or checks something other than X-Signature.
 */
async function everyForgeryAccepted(context: ReceiverContext): Promise<boolean> {
  const body = context.bodyOf(
    { type: 'track', event: 'eh-forged', userId: 'eh-forged', properties: {} },
    '5.1.signature.forged',
  );
  const secret = context.target.secret ?? '';
  const forgeries = [
    () => context.deliver(body, { signature: { value: signPayload(`${secret}-not`, body) } }),
    () => context.deliver(body, { signature: 'none' }),
    () =>
      context.deliver(`${body.slice(0, -1)},"eh_tampered":true}`, { signature: { value: signPayload(secret, body) } }),
  ];
  // At once unless the suite had to fall back to one delivery at a time for this receiver.
  const deliveries =
    context.limit.current >= forgeries.length
      ? await Promise.all(forgeries.map((send) => send()))
      : await forgeries.reduce<Promise<Delivery[]>>(
          async (sent, send) => [...(await sent), await send()],
          Promise.resolve([]),
        );
  return deliveries.every((d) => isAccepted(d.outcome));
}

const EVERY_FORGERY =
  'Every forged signature was accepted: a body changed after signing, a signature made with another secret and no X-Signature at all. The receiver verifies nothing: signature verification is disabled or skipped on this route (a debug flag, a middleware order), or it checks something else, such as a static header (X-Api-Key) or a Bearer token, the scheme of another service. Compute the HMAC-SHA1 of the raw body with the shared secret and compare it with X-Signature on every request (rule 5.1).';

/** A clause that forges deliveries one way and expects every one of them refused (any non-2xx). */
function refusalClause(
  id: string,
  title: string,
  spec: string,
  what: string,
  advice: string,
  forge: Forgery,
  requires: readonly string[] = [],
): Clause<ReceiverContext> {
  return {
    id,
    level: 'MUST',
    title,
    spec,
    requires: [TIMEOUT_CLAUSE, '4.1.no-redirect', '5.1.signature.valid', ...requires],
    skipReason: needsSecret,
    async run(context, env) {
      const result = await context.check(
        env,
        id,
        fc.tuple(context.shaped(everydayPayload(), env), fc.nat({ max: 1_000 })),
        async ([payload, pick]) => {
          const forged = forge(context, context.bodyOf(payload, id), pick);
          const delivery: Delivery = await context.deliver(forged.body, {
            signature: forged.signature === undefined ? 'none' : { value: forged.signature },
          });
          return isAccepted(delivery.outcome) ? delivery : undefined;
        },
      );
      if (!result.failed) return { status: 'pass' };
      const combined = await everyForgeryAccepted(context);
      return {
        status: 'fail',
        message: `The receiver ${describeReaction(result.failure.outcome)} to ${what}; expected a refusal (a 4xx, e.g. 401). ${combined ? EVERY_FORGERY : advice}`,
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
  'rule 5.1.3',
  'a body changed after it was signed (the X-Signature is of the original body)',
  'Verify X-Signature against the HMAC-SHA1 of the body as received, on every request, before acting on it.',
  (context, body, pick) => {
    const tamper = pickOne(TAMPERINGS, pick);
    const parsed = JSON.parse(body) as Record<string, unknown>;
    let tampered = JSON.stringify(tamper(parsed, pick));
    if (tampered === body) tampered = JSON.stringify({ ...parsed, injected: pick });
    return { body: tampered, signature: signPayload(context.target.secret ?? '', body) };
  },
);

export const wrongSignatureClause = refusalClause(
  '5.1.signature.wrong',
  'refuses signatures made with another secret',
  'rule 5.1.3',
  'a delivery signed with a different secret',
  'Compare the whole digest computed with your shared secret against the header; a well-formed hex value is not enough.',
  (context, body, pick) => ({ body, signature: signPayload(`${context.target.secret ?? ''}-not-${pick}`, body) }),
  ['5.1.signature.tampered'],
);

export const missingSignatureClause = refusalClause(
  '5.1.signature.missing',
  'refuses deliveries without X-Signature',
  'rule 5.1.1, 5.1.4',
  'a delivery without an X-Signature header',
  'With a shared secret configured, every genuine delivery is signed: treat a missing header as a failed check, not as "nothing to verify".',
  (_context, body) => ({ body }),
  // When tampered bodies pass, its failure already says whether every forgery passes: one finding, not three.
  ['5.1.signature.tampered'],
);

export const replayedSignatureClause: Clause<ReceiverContext> = {
  id: '5.1.signature.replayed',
  level: 'MUST',
  title: 'refuses a captured valid signature replayed over a modified body',
  spec: 'rule 5.1.3 (authentic when the digest of this body equals the header)',
  requires: [TIMEOUT_CLAUSE, '4.1.no-redirect', '5.1.signature.valid', '5.1.signature.tampered'],
  skipReason: needsSecret,
  async run(context, env) {
    const result = await context.check(
      env,
      '5.1.signature.replayed',
      fc.tuple(context.shaped(everydayPayload(), env), fc.nat({ max: 1_000 })),
      async ([payload, pick]) => {
        const body = context.bodyOf(payload, '5.1.signature.replayed');
        const signature = signPayload(context.target.secret ?? '', body);
        const genuine = await context.deliver(body, { signature: { value: signature } });
        if (!isAccepted(genuine.outcome)) return undefined;
        const parsed = JSON.parse(body) as Record<string, unknown>;
        const replayed = await context.deliver(
          JSON.stringify({ ...parsed, userId: `${String(parsed.userId ?? '')}-replayed-${pick}` }),
          { signature: { value: signature } },
        );
        return isAccepted(replayed.outcome) ? replayed : undefined;
      },
      { maxRuns: 20 },
    );
    if (!result.failed) return { status: 'pass' };
    return {
      status: 'fail',
      message: `The receiver ${describeReaction(result.failure.outcome)} to a modified body carrying the X-Signature of a body it had just accepted; expected a refusal (a 4xx). It trusts a signature it has seen before (a cache of verified signatures, or of messageIds checked before the signature): whoever captures one genuine delivery can then send anything. Verify the HMAC-SHA1 of every body as received; cache nothing that skips the check.`,
      counterexample: context.counterexample(result.failure),
      path: result.path,
    };
  },
};

/** Every forged delivery of the clauses above, refused with a 4xx, not a 5xx (which the service retries for hours). */
export const refusalStatusClause: Clause<ReceiverContext> = {
  id: '5.1.signature.refusal-4xx',
  level: 'SHOULD',
  title: 'refuses a forged or missing signature with a 4xx, not a 5xx',
  spec: 'rule 7 (a 5xx is retried for up to 4 hours); rule 5.1.3',
  requires: ['5.1.signature.tampered', '5.1.signature.wrong', '5.1.signature.missing'],
  skipReason: needsSecret,
  async run(context, env) {
    const forgeries: readonly [string, Forgery][] = [
      [
        'a delivery signed with another secret',
        (c, body, pick) => ({ body, signature: signPayload(`${c.target.secret ?? ''}-not-${pick}`, body) }),
      ],
      ['a delivery without an X-Signature header', (_c, body) => ({ body })],
      [
        'a body changed after it was signed',
        (c, body, pick) => ({
          body: `${body.slice(0, -1)},"injected":${pick}}`,
          signature: signPayload(c.target.secret ?? '', body),
        }),
      ],
    ];
    const result = await context.check(
      env,
      '5.1.signature.refusal-4xx',
      fc.tuple(context.shaped(everydayPayload(), env), fc.nat({ max: forgeries.length - 1 }), fc.nat({ max: 1_000 })),
      async ([payload, which, pick]) => {
        const [what, forge] = pickOne(forgeries, which);
        const forged = forge(context, context.bodyOf(payload, '5.1.signature.refusal-4xx'), pick);
        const delivery = await context.deliver(forged.body, {
          signature: forged.signature === undefined ? 'none' : { value: forged.signature },
        });
        const outcome = delivery.outcome;
        const refusedWell = outcome.kind === 'answer' && outcome.status >= 400 && outcome.status < 500;
        return refusedWell ? undefined : { delivery, what };
      },
      { maxRuns: 12 },
    );
    if (!result.failed) return { status: 'pass' };
    const { delivery, what } = result.failure;
    return {
      status: 'fail',
      message: `The receiver ${describeReaction(delivery.outcome)} to ${what}. It did refuse it, but a 5xx (or a dropped connection) tells the service to retry: it would send the same delivery again for up to 4 hours (rule 7), and a 500 usually means the check itself crashed (an exception on a bad or missing header). Answer a failed signature check with 401 or 403.`,
      counterexample: context.counterexample(delivery),
      path: result.path,
    };
  },
};
