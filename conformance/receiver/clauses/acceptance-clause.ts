import type fc from 'fast-check';
import type { Clause, ClauseEnv, ClauseLevel, ClauseOutcome } from '../../framework/clause.js';
import type { Delivery, ReceiverContext } from '../receiver-context.js';
import type { ReceiverSupports } from '../receiver-target.js';
import { describeReaction, isAccepted } from '../send-delivery.js';

/** Clauses the content clauses wait on: a receiver that redirects or refuses every signature cannot be judged on content. */
export const CONTENT_PREREQUISITES = ['4.1.no-redirect', '5.1.signature.valid'] as const;

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
    message: `The receiver ${describeReaction(delivery.outcome)} to ${what}; expected a 2xx answer. ${advice}${crashed}${explanation !== undefined ? ` ${explanation}` : ''}`,
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
    outsideSuite: outsideDestination(spec.feature),
    skipReason: skipUnsupported(spec.feature),
    async run(context, env) {
      // Only kinds that passed their own 2.2 clause: a kind the receiver refuses whatever the content says
      // nothing about size, nesting or Unicode, and its own clause already names it.
      const failedKinds = new Set<string>(
        KINDS.filter((kind) => `2.2.${kind}` !== spec.id && env.statuses?.get(`2.2.${kind}`) === 'fail'),
      );
      if (failedKinds.size >= KINDS.length - 1)
        return {
          status: 'skip',
          message: `not checked: every payload kind failed its own clause (${[...failedKinds].map((k) => `2.2.${k}`).join(', ')}); fix those first`,
        };
      const payloads = spec.payloads(context, env);
      const result = await context.check(
        env,
        spec.id,
        failedKinds.size === 0 ? payloads : payloads.filter((payload) => !failedKinds.has(String(payload.type))),
        async (payload) => {
          const delivery = await context.deliver(context.bodyOf(payload, spec.id));
          return isAccepted(delivery.outcome) ? undefined : delivery;
        },
        spec.maxRuns !== undefined ? { maxRuns: spec.maxRuns } : {},
      );
      if (!result.failed) return { status: 'pass' };
      const left =
        failedKinds.size === 0
          ? ''
          : ` (${[...failedKinds].join(', ')} left out: ${[...failedKinds].map((k) => `2.2.${k}`).join(', ')} already failed)`;
      return {
        ...(await refusalFailure(context, result.failure, `${spec.what}${left}`, spec.advice)),
        path: result.path,
      };
    },
  };
}

/** The payload kinds that have a 2.2.<kind> clause of their own (the value of `type`). */
const KINDS = ['track', 'page', 'screen', 'identify', 'group', 'alias', 'delete'] as const;
