import type fc from 'fast-check';
import type { Clause, ClauseEnv, ClauseLevel, ClauseOutcome } from '../../framework/clause.js';
import type { Delivery, ReceiverContext } from '../receiver-context.js';
import type { ReceiverSupports } from '../receiver-target.js';
import { isAudienceIdentify, OBSERVED_CLAUSE } from '../delivery-shapes.js';
import { describeReaction, isAccepted } from '../send-delivery.js';

/**
 * The clause every other one builds on: a delivery answered after the deadline is a timeout in every clause (the
 * service counts it failed and retries it), so a receiver slower than the deadline cannot be judged on anything
 * else, and every other clause is reported once, at once, as not checked until it passes.
 */
export const TIMEOUT_CLAUSE = '4.1.timeout';

/**
 * Clauses the content clauses wait on: a receiver that answers after the deadline, redirects or refuses every
 * signature cannot be judged on content.
 */
export const CONTENT_PREREQUISITES = [TIMEOUT_CLAUSE, '4.1.no-redirect', '5.1.signature.valid'] as const;

/** The per-kind clauses: they draw the documented shape of one kind each and read no other verdict. */
export const KIND_CLAUSES = [
  '2.2.track',
  '2.2.page',
  '2.2.screen',
  '2.2.identify',
  '2.2.group',
  '2.2.alias',
  '2.2.delete',
  '6.2.audience-identify',
];

/** The per-kind clauses and the observed shape's: the other content clauses read their verdicts, so they come after them. */
const READ_FIRST = [...KIND_CLAUSES, OBSERVED_CLAUSE];

export interface AcceptanceClauseSpec {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly title: string;
  readonly spec: string;
  /** What was delivered, for the message: "a valid track delivery". */
  readonly what: string;
  /** Why the receiver must accept it and what to do about it. */
  readonly advice: string;
  /**
   * What to deliver; given the context (to leave out kinds the target declares it does not support) and the
   * clause's env (to leave out kinds that already failed their own clause).
   */
  readonly payloads: (context: ReceiverContext, env: ClauseEnv) => fc.Arbitrary<Record<string, unknown>>;
  readonly feature?: keyof ReceiverSupports;
  readonly maxRuns?: number;
  readonly requires?: readonly string[];
  /** Draw the payloads as given, without the observed shape mixed in (the clause about that shape draws it itself). */
  readonly unshaped?: boolean;
}

/**
 * What a delivery that got no answer within the deadline means: a timeout, not an acceptance. 4.1.timeout passed
 * (every other clause builds on it), so it is what this delivery carries that keeps the receiver past the deadline.
 */
export function timeoutNote(context: ReceiverContext, delivery: Delivery): string {
  if (delivery.outcome.kind !== 'no-answer') return '';
  return ` That is a timeout: the answer must arrive within ${context.timeoutMs} ms (rule 4.1), or the service counts the delivery as failed and sends it again later. 4.1.timeout passed on plain deliveries, so it is what this one carries that keeps the receiver past the deadline: answer first, then process.`;
}

/** The failure message of a refused delivery, with signature forensics when a secret is set and the answer was 4xx. */
export async function refusalFailure(
  context: ReceiverContext,
  delivery: Delivery,
  what: string,
  advice: string,
  forensics = true,
): Promise<ClauseOutcome> {
  const explanation = forensics ? await context.explainRefusal(delivery) : undefined;
  const crashed = delivery.outcome.kind === 'error' ? ' It probably crashed on this body.' : '';
  return {
    status: 'fail',
    message: `The receiver ${describeReaction(delivery.outcome)} to ${what}; expected a 2xx answer within ${context.timeoutMs} ms.${timeoutNote(context, delivery)} ${advice}${crashed}${explanation !== undefined ? ` ${explanation}` : ''}`,
    counterexample: context.counterexample(delivery),
  };
}

export function skipUnsupported(feature: keyof ReceiverSupports | undefined) {
  return (context: ReceiverContext) =>
    feature === undefined || context.supports[feature] ? undefined : `the target declares supports.${feature} = false`;
}

/** Delete notifications are part of classic Webhooks only: a Webhooks (Actions) suite has no delete clause. */
export function outsideDestination(feature: keyof ReceiverSupports | undefined) {
  return (context: ReceiverContext) =>
    feature === 'delete' && context.actions
      ? 'Webhooks (Actions) sends no delete notifications (its mappings trigger on track, page, screen, identify, group and alias)'
      : undefined;
}

/** A property clause: every delivery drawn from `payloads`, signed as configured, gets a 2xx answer. */
export function acceptanceClause(spec: AcceptanceClauseSpec): Clause<ReceiverContext> {
  return {
    id: spec.id,
    level: spec.level,
    title: spec.title,
    spec: spec.spec,
    requires: spec.requires ?? CONTENT_PREREQUISITES,
    // The per-kind clauses do not read one another (each draws its own kind); the observed shape's clause reads
    // theirs, the other content clauses read all of them.
    ...(KIND_CLAUSES.includes(spec.id) ? {} : { after: spec.id === OBSERVED_CLAUSE ? KIND_CLAUSES : READ_FIRST }),
    outsideSuite: outsideDestination(spec.feature),
    skipReason: skipUnsupported(spec.feature),
    async run(context, env) {
      const failed = failedElsewhere(spec.id, env);
      if (failed.kinds.size >= KINDS.length - 1)
        return {
          status: 'skip',
          message: `not checked: every payload kind failed its own clause (${[...failed.kinds].map((k) => `2.2.${k}`).join(', ')}); fix those first`,
        };
      const given = spec.payloads(context, env);
      const payloads = spec.unshaped === true || KIND_CLAUSES.includes(spec.id) ? given : context.shaped(given, env);
      const result = await context.check(
        env,
        spec.id,
        withoutFailed(payloads, failed),
        async (payload) => {
          const delivery = await context.deliver(context.bodyOf(payload, spec.id));
          return isAccepted(delivery.outcome) ? undefined : delivery;
        },
        spec.maxRuns !== undefined ? { maxRuns: spec.maxRuns } : {},
      );
      if (!result.failed) {
        const asked = Math.max(1, Math.min(env.runs, spec.maxRuns ?? env.runs));
        return result.interrupted === true && result.numRuns < asked
          ? { status: 'pass', runs: { ran: result.numRuns, asked } }
          : { status: 'pass' };
      }
      return {
        ...(await refusalFailure(context, result.failure, `${spec.what}${leftOutNote(failed)}`, spec.advice)),
        path: result.path,
      };
    },
  };
}

/** The payload kinds whose own clause failed, and whether audience Identify's did: this clause leaves them out. */
interface FailedElsewhere {
  readonly kinds: ReadonlySet<string>;
  readonly audiences: boolean;
}

/**
 * Only kinds that passed their own 2.2 clause: a kind the receiver refuses whatever the content says nothing about
 * size, nesting or Unicode, and its own clause already names it.
 */
function failedElsewhere(id: string, env: ClauseEnv): FailedElsewhere {
  return {
    kinds: new Set<string>(KINDS.filter((kind) => `2.2.${kind}` !== id && env.statuses?.get(`2.2.${kind}`) === 'fail')),
    audiences: id !== '6.2.audience-identify' && env.statuses?.get('6.2.audience-identify') === 'fail',
  };
}

function withoutFailed(
  payloads: fc.Arbitrary<Record<string, unknown>>,
  failed: FailedElsewhere,
): fc.Arbitrary<Record<string, unknown>> {
  if (failed.kinds.size === 0 && !failed.audiences) return payloads;
  return payloads.filter(
    (payload) => !failed.kinds.has(String(payload.type)) && !(failed.audiences && isAudienceIdentify(payload)),
  );
}

/** What a failure message says of the kinds left out, or nothing. */
function leftOutNote(failed: FailedElsewhere): string {
  const leftOut = [
    ...[...failed.kinds].map((kind) => [kind, `2.2.${kind}`]),
    ...(failed.audiences ? [['audience Identify', '6.2.audience-identify']] : []),
  ];
  if (leftOut.length === 0) return '';
  return ` (${leftOut.map(([kind]) => kind).join(', ')} left out: ${leftOut.map(([, id]) => id).join(', ')} already failed)`;
}

/** The payload kinds that have a 2.2.<kind> clause of their own (the value of `type`). */
const KINDS = ['track', 'page', 'screen', 'identify', 'group', 'alias', 'delete'] as const;
