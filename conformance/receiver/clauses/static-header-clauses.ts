import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { WRONG_HEADER_VALUE, type ReceiverContext } from '../receiver-context.js';
import { everydayPayload } from '../receiver-payloads.js';
import { describeReaction, isAccepted } from '../send-delivery.js';
import { acceptanceClause, CONTENT_PREREQUISITES } from './acceptance-clause.js';

const headerNames = (context: ReceiverContext) => Object.keys(context.target.headers ?? {});
const needsHeaders = (context: ReceiverContext) =>
  headerNames(context).length === 0 ? 'no static headers given (--header K:V)' : undefined;

const sendsConfigured = acceptanceClause({
  id: '2.1.static-headers',
  level: 'MUST',
  title: 'accepts deliveries carrying the configured static headers',
  spec: 'rule 2.1, 4.1',
  what: 'a delivery with the configured static headers',
  advice:
    'Every delivery carries the static headers configured for the URL besides User-Agent, Content-Type and X-Signature; accept them.',
  payloads: everydayPayload,
});

export const staticHeaderClauses: readonly Clause<ReceiverContext>[] = [
  { ...sendsConfigured, skipReason: needsHeaders },
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
        everydayPayload(),
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
