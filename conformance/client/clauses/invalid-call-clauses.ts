import fc from 'fast-check';
import type { Clause } from '../../framework/clause.js';
import { callSpec, type CallOp, type CallSpec } from '../client-calls.js';
import type { ClientContext, ClientRun } from '../client-context.js';
import { requestsCarrying } from '../wire-events.js';
import { clientClause, failed, FOUNDATION, lostBeside, topUp, settled } from './client-clause.js';
import { BACKSTOP_FLUSH_AFTER_MS } from './client-clause.js';

/** One rule of rule 2.3 and a call that breaks it (the fields left out of an otherwise valid call). */
interface InvalidRule {
  readonly op: CallOp;
  readonly identity: 'userId' | 'anonymousId';
  readonly omit: readonly string[];
  readonly rule: string;
}

/** Every message rule of rule 2.3, one broken call each. */
export const INVALID_RULES: readonly InvalidRule[] = [
  { op: 'track', identity: 'userId', omit: ['event'], rule: 'a Track message needs an event name' },
  {
    op: 'track',
    identity: 'userId',
    omit: ['userId', 'anonymousId'],
    rule: 'a Track message needs a userId or an anonymousId',
  },
  {
    op: 'identify',
    identity: 'userId',
    omit: ['userId', 'anonymousId'],
    rule: 'an Identify message needs a userId or an anonymousId',
  },
  { op: 'group', identity: 'userId', omit: ['groupId'], rule: 'a Group message needs a groupId' },
  {
    op: 'group',
    identity: 'userId',
    omit: ['userId', 'anonymousId'],
    rule: 'a Group message needs a userId or an anonymousId',
  },
  { op: 'alias', identity: 'userId', omit: ['previousId'], rule: 'an Alias message needs a previousId' },
  { op: 'alias', identity: 'userId', omit: ['userId'], rule: 'an Alias message needs a userId' },
  {
    op: 'page',
    identity: 'userId',
    omit: ['userId', 'anonymousId'],
    rule: 'a Page message needs a userId (rule 2.3: UserId required)',
  },
];

interface InvalidCase {
  readonly before: readonly CallSpec[];
  /** The order the invalid calls are made in (a permutation of INVALID_RULES). */
  readonly order: readonly number[];
  readonly after: readonly CallSpec[];
}

const invalidCase = (context: ClientContext) => {
  const calls = fc.array(callSpec({ screen: context.capabilities.has('screen') }), { maxLength: 2 });
  const order = fc.shuffledSubarray(
    INVALID_RULES.map((_, i) => i),
    { minLength: INVALID_RULES.length },
  );
  return fc.record({ before: calls, order, after: calls });
};

/** The rule at a position of a generated order (a permutation of INVALID_RULES' positions). */
function invalidRuleAt(position: number): InvalidRule {
  const rule = INVALID_RULES[position];
  if (rule === undefined) throw new RangeError(`no rule of rule 2.3 at position ${position} of INVALID_RULES`);
  return rule;
}

interface PlayedInvalid {
  readonly run: ClientRun;
  readonly invalid: readonly { readonly index: number; readonly rule: InvalidRule }[];
}

/**
 * Plays an invalid case: every rule of rule 2.3 broken once, between valid calls that make exactly flushAt,
 * so a client that refuses the invalid calls sends the valid ones as one batch. Waits until they are
 * delivered, an invalid one is seen, or the client goes quiet.
 */
async function playInvalid(context: ClientContext, id: string, value: InvalidCase): Promise<PlayedInvalid> {
  const others = value.before.length + value.after.length;
  const run = await context.begin(id, { flushAt: Math.max(1, others), flushAfterMs: BACKSTOP_FLUSH_AFTER_MS }, []);
  await run.callAll(value.before);
  const rules = value.order.map(invalidRuleAt);
  const made = await run.callAll(
    rules.map((rule) => ({ op: rule.op, identity: rule.identity, data: {}, omit: rule.omit })),
  );
  await run.callAll(value.after);
  await topUp(run, new Set(made.map((c) => c.index)));
  // callAll answers one call per spec, in order (fewer once the clause is cut off): call i broke rules[i].
  const invalid = made.flatMap((call, i) => {
    const rule = rules[i];
    return rule === undefined ? [] : [{ index: call.index, rule }];
  });
  const markers = made.map((c) => c.marker);
  await settled(context, run, (requests) =>
    markers.some((m) => requestsCarrying(requests, m).length > 0) ? 'an invalid call was sent' : undefined,
  );
  return { run, invalid };
}

const described = (invalid: { index: number; rule: InvalidRule }) =>
  `call ${invalid.index} (${invalid.rule.op} without ${invalid.rule.omit.join(' or ')})`;

export const invalidCallsClause = clientClause<InvalidCase>({
  id: '2.3.invalid-calls',
  level: 'MUST',
  title: 'never sends a call that breaks a rule of rule 2.3 (no identity, track without event, ...)',
  spec: 'rule 2.3 (common rules and required fields); docs/decisions.md (an invalid call is refused, never sent)',
  requires: FOUNDATION,
  arbitrary: invalidCase,
  property: { maxRuns: 4 },
  async check(context, value, id) {
    const { run, invalid } = await playInvalid(context, id, value);
    const sent = invalid.filter((c) => requestsCarrying(run.requests(), run.calls[c.index]?.marker ?? '').length > 0);
    const first = sent[0];
    if (first !== undefined) {
      const status = requestsCarrying(run.requests(), run.calls[first.index]?.marker ?? '')[0]?.status;
      return failed(
        run,
        `${sent.length} of the ${invalid.length} invalid calls were sent, first ${described(first)}${status !== undefined ? ` (the mock answered ${status}${status < 300 ? ' and journaled it as rejected: the service drops it' : ''})` : ''}, but ${first.rule.rule} (rule 2.3). Sent: ${sent.map((c) => `${c.rule.op} without ${c.rule.omit.join(' or ')}`).join('; ')}. Check each call against rule 2.3 when it is made and refuse an invalid one with an error instead of queueing it.`,
      );
    }
    return lostBeside(run, invalid, 'invalid');
  },
});

export const invalidCallsRefusedClause = clientClause<InvalidCase>({
  id: '2.3.invalid-calls.refused',
  level: 'SHOULD',
  title: 'tells the caller when it refuses an invalid call',
  spec: 'docs/decisions.md (an invalid call is refused with a typed error)',
  requires: [...FOUNDATION, '2.3.invalid-calls'],
  notInE2eCli:
    "the CLI takes a run's calls at once and prints one result for the run, with no answer per call to refuse (2.3.invalid-calls judges that none is sent)",
  arbitrary: invalidCase,
  property: { maxRuns: 2 },
  async check(context, value, id) {
    const { run, invalid } = await playInvalid(context, id, value);
    const silent = invalid.filter((c) => run.calls[c.index]?.refused === undefined);
    const first = silent[0];
    if (first === undefined) return undefined;
    return failed(
      run,
      `${silent.length} of the ${invalid.length} invalid calls were answered {"ok": true}, first ${described(first)} (${first.rule.rule}, rule 2.3): the caller cannot tell they will never be sent. Throw (or return) an error from the call, so the driver answers {"ok": false, "error": ...} (docs/decisions.md).`,
    );
  },
});

export const invalidCallClauses: readonly Clause<ClientContext>[] = [invalidCallsClause, invalidCallsRefusedClause];
