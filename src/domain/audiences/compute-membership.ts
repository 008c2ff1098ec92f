import type { AudienceDefinition, PerformedRule, TraitRule } from '../../contract/generated/wire-types.js';
import type { EventHistory } from '../deletions/source-directory.js';

/** The users who tracked the rule's event at least `atLeast` times (default once). */
function performedMembers(rule: PerformedRule, history: EventHistory): Set<string> {
  const counts = new Map<string, number>();
  for (const { event } of history.acceptedEvents()) {
    if (event.type !== 'track' || event.event !== rule.performed || typeof event.userId !== 'string') continue;
    counts.set(event.userId, (counts.get(event.userId) ?? 0) + 1);
  }
  const members = new Set<string>();
  for (const [userId, count] of counts) if (count >= (rule.atLeast ?? 1)) members.add(userId);
  return members;
}

/** The users whose latest identify that sets the trait set it to the rule's value. */
function traitMembers(rule: TraitRule, history: EventHistory): Set<string> {
  const latest = new Map<string, unknown>();
  for (const { event } of history.acceptedEvents()) {
    if (event.type !== 'identify' || typeof event.userId !== 'string') continue;
    const traits = event.traits as Record<string, unknown> | undefined;
    if (traits !== undefined && traits !== null && Object.hasOwn(traits, rule.trait))
      latest.set(event.userId, traits[rule.trait]);
  }
  const members = new Set<string>();
  for (const [userId, value] of latest) if (value === rule.equals) members.add(userId);
  return members;
}

/** The users in an audience now: the given members, or the users the rule selects from accepted events. */
export function computeMembership(definition: AudienceDefinition, history: EventHistory): Set<string> {
  const rule = definition.rule;
  if (rule === undefined) return new Set(definition.members ?? []);
  return 'performed' in rule ? performedMembers(rule, history) : traitMembers(rule, history);
}
