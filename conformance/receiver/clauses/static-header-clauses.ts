import fc from 'fast-check';
import { outgoingHeaderProblem } from '../../../src/index.js';
import type { Clause } from '../../framework/clause.js';
import { WRONG_HEADER_VALUE, type ReceiverContext } from '../receiver-context.js';
import { everydayPayload } from '../receiver-payloads.js';
import { describeReaction, isAccepted } from '../send-delivery.js';
import { acceptanceClause, CONTENT_PREREQUISITES, refusalFailure } from './acceptance-clause.js';

const headerNames = (context: ReceiverContext) => Object.keys(context.target.headers ?? {});
const needsHeaders = (context: ReceiverContext) =>
  headerNames(context).length === 0 ? 'no static headers given (--header K:V)' : undefined;

const ADVICE =
  'Every delivery carries the static headers configured for the URL besides User-Agent, Content-Type and X-Signature; accept them.';

const sendsConfigured = acceptanceClause({
  id: '2.1.static-headers',
  level: 'MUST',
  title: 'accepts deliveries carrying static headers (those given with --header, else generated ones)',
  spec: 'rule 2.1, 4.1',
  what: 'a delivery with the configured static headers',
  advice: ADVICE,
  payloads: everydayPayload,
});

/** Headers a proxy in front of a receiver may rewrite or act on: a delivery through one would not carry them as sent. */
const PROXY_HEADERS = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-http-method-override']);

/**
 * Static headers a destination may be configured with (the service's rule of outgoing headers): X- names and
 * printable values.
 */
const someStaticHeaders = fc.dictionary(
  fc
    .stringMatching(/^X-[A-Za-z][A-Za-z0-9-]{0,15}$/)
    .filter((name) => outgoingHeaderProblem(name, undefined) === undefined && !PROXY_HEADERS.has(name.toLowerCase())),
  fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,38}[\x21-\x7e]$/),
  { minKeys: 1, maxKeys: 3 },
);

/**
 * Whatever static headers the destination is configured with, the receiver accepts the deliveries: with no
 * --header given, the suite draws some, so this MUST clause runs for every receiver rather than being skipped.
 */
const sendsStaticHeaders: Clause<ReceiverContext> = {
  ...sendsConfigured,
  async run(context, env) {
    if (headerNames(context).length > 0) return sendsConfigured.run(context, env);
    const cases = fc.tuple(context.shaped(everydayPayload(), env), someStaticHeaders);
    const result = await context.check(env, '2.1.static-headers', cases, async ([payload, extraHeaders]) => {
      const delivery = await context.deliver(context.bodyOf(payload, '2.1.static-headers'), { extraHeaders });
      return isAccepted(delivery.outcome) ? undefined : delivery;
    });
    if (!result.failed) return { status: 'pass' };
    return {
      ...(await refusalFailure(
        context,
        result.failure,
        'a delivery with static headers a destination may configure',
        ADVICE,
      )),
      path: result.path,
    };
  },
};

export const staticHeaderClauses: readonly Clause<ReceiverContext>[] = [
  sendsStaticHeaders,
  {
    id: '2.1.static-headers.required',
    level: 'SHOULD',
    title: 'refuses deliveries whose static header is missing or wrong',
    spec: 'rule 2.1 (static headers used as a credential)',
    requires: [...CONTENT_PREREQUISITES, '2.1.static-headers'],
    skipReason: needsHeaders,
    async run(context, env) {
      const names = headerNames(context);
      const cases = fc.tuple(
        context.shaped(everydayPayload(), env),
        fc.constantFrom(...names),
        fc.constantFrom('missing' as const, 'wrong' as const),
      );
      const result = await context.check(env, '2.1.static-headers.required', cases, async ([payload, name, how]) => {
        const body = context.bodyOf(payload, '2.1.static-headers.required');
        const delivery = await context.deliver(
          body,
          how === 'missing' ? { withoutHeaders: [name] } : { headerValues: { [name]: WRONG_HEADER_VALUE } },
        );
        return isAccepted(delivery.outcome) ? { delivery, name, how } : undefined;
      });
      if (!result.failed) return { status: 'pass' };
      const { delivery, name, how } = result.failure;
      return {
        status: 'fail',
        message: `The receiver ${describeReaction(delivery.outcome)} to a delivery whose static header ${name} was ${how === 'missing' ? 'left out' : `set to ${JSON.stringify(WRONG_HEADER_VALUE)}`}; expected a refusal (e.g. 401). When a static header carries a credential, check it on every request; if ${name} is informational only, skip this clause (--skip 2.1.static-headers.required).`,
        counterexample: context.counterexample(delivery),
        path: result.path,
      };
    },
  },
];
